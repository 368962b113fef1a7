import { randomBytes } from 'node:crypto';
import { Limits } from '../src/limits/limits';
import { REDIS_COMMAND_TIMEOUT_MS } from '../src/limits/store';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import { faultyRedis, localRedis, type FaultyRedis } from './helpers/redis-faults';
import { fakeTimersOnly } from './helpers/wall-clock';
import { refusal } from './helpers/refusal';

// A hung or down Redis never holds a request: each limit falls back to this node's memory within
// ~100 ms and keeps limiting, the log says so once per change, and /metrics shows it.
// Needs the local Redis (REDIS_URL, or 127.0.0.1:6379) for the Redis that hangs once ready.
const prefix = () => `forwardly-test-${randomBytes(4).toString('hex')}`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  // What each warning gives as its details: the operator's reason why.
  const warned: object[] = [];
  return {
    lines,
    warned,
    info: (_: object, message: string) => void lines.push({ level: 'info', message }),
    warn: (details: object, message: string) => {
      warned.push(details);
      lines.push({ level: 'warn', message });
    },
  };
}

async function until(condition: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each([
  ['hung from the start (accepts, never answers)', () => faultyRedis()],
  ['down (nothing listens)', async () => ({ url: 'redis://127.0.0.1:1', close: async () => {} })],
])('through the API, with a Redis %s', (_name, makeRedis) => {
  let redis: Pick<FaultyRedis, 'url' | 'close'>;
  let ctx: TestContext;

  beforeAll(async () => {
    redis = await makeRedis();
    ctx = await createTestApp({
      env: { REDIS_URL: redis.url, REDIS_PREFIX: prefix(), AUTH_RATE_LIMIT: '5' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await redis.close();
  });

  it('signs in within a second, still limits sign-ins per node, and says so in /metrics', async () => {
    const user = await signUpAndLogin(ctx.app);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
    // signUpAndLogin took one of the five sign-ins a minute.
    for (let i = 0; i < 4; i++) {
      const { result, ms } = await timed(login);
      expect(result.statusCode).toBe(200);
      expect(ms).toBeLessThan(1000);
    }
    const { result: refused, ms } = await timed(login);
    expect(refused.statusCode).toBe(429);
    expect(ms).toBeLessThan(1000);

    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^forwardly_limits_in_memory 1$/m);
  });
});

it('counts in memory until Redis is ready, and warns with the connection error when it is down', async () => {
  const log = recordingLog();
  const limits = new Limits({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: prefix() }, log);
  try {
    expect(limits.store.inMemory).toBe(true);
    await until(async () => log.warned.length > 0);
    expect(log.warned).toEqual([{ reason: expect.stringContaining('ECONNREFUSED') }]);
  } finally {
    await limits.close();
  }
});

describe('with a Redis that hangs once connected (as under SIGSTOP), then comes back', () => {
  let redis: FaultyRedis;
  let limits: Limits;
  const log = recordingLog();

  beforeAll(async () => {
    redis = await faultyRedis(localRedis());
    limits = new Limits({ redisUrl: redis.url, redisPrefix: prefix() }, log);
    await limits.ready();
  });
  afterAll(async () => {
    await limits.close();
    await redis.close();
  });

  it('counts in Redis while it answers', async () => {
    expect(limits.store.inMemory).toBe(false);
    expect(await refusal(() => limits.search('198.51.100.1'))).toBeNull();
    expect(log.lines).toEqual([]);
  });

  it('falls back within ~100 ms, keeps limiting, and warns once', async () => {
    redis.freeze();
    const { ms: first } = await timed(() => refusal(() => limits.search('198.51.100.2')));
    expect(first).toBeLessThan(500);
    expect(limits.store.inMemory).toBe(true);
    // The next ones do not wait on Redis at all; the 31st in the minute is refused.
    const { ms: rest } = await timed(async () => {
      for (let i = 1; i < 30; i++) expect(await refusal(() => limits.search('198.51.100.2'))).toBeNull();
    });
    expect(rest).toBeLessThan(500);
    expect(await refusal(() => limits.search('198.51.100.2'))).toMatchObject({ statusCode: 429 });
    expect(log.lines.filter((l) => l.level === 'warn')).toEqual([
      { level: 'warn', message: 'Redis unreachable: limits count in memory, per node' },
    ]);
    expect(log.warned).toEqual([{ reason: 'a command failed or timed out' }]);
  });

  it('counts in Redis again once it answers, and says so once', async () => {
    redis.thaw();
    await until(async () => !limits.store.inMemory);
    expect(log.lines).toEqual([
      { level: 'warn', message: 'Redis unreachable: limits count in memory, per node' },
      { level: 'info', message: 'Redis reachable again: limits are shared by every node' },
    ]);
  });
});

describe('with a Redis that hangs while a request checks two limits', () => {
  let redis: FaultyRedis;
  let limits: Limits;

  beforeAll(async () => {
    redis = await faultyRedis(localRedis());
    limits = new Limits({ redisUrl: redis.url, redisPrefix: prefix() }, recordingLog());
    await limits.ready();
  });
  afterAll(async () => {
    await limits.close();
    await redis.close();
  });

  it('holds it one command timeout, not one per limit: the second falls back at once', async () => {
    expect(limits.store.inMemory).toBe(false);
    // Only the timers are simulated (the command timeout among them), so "after one timeout" is
    // exact whatever the load; the sockets stay real.
    fakeTimersOnly();
    try {
      redis.freeze();
      let answered = false;
      // A click-to-call takes the hour's limit, then the day's: the first waits on the hung Redis.
      const placed = limits.callPlaced('a-user').then(() => void (answered = true));
      await jest.advanceTimersByTimeAsync(REDIS_COMMAND_TIMEOUT_MS);
      expect(answered).toBe(true);
      await placed;
      expect(limits.store.inMemory).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
