import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Limits } from '../src/limits/limits';

// The Redis keys each limit counts under are a contract: during a rolling upgrade two versions of
// the server count in the same Redis, and a renamed key would give every client a fresh allowance.
// Needs the local Redis (REDIS_URL, or 127.0.0.1:6379).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { info: () => {}, warn: () => {} };
const prefix = `forwardly-test-${randomBytes(4).toString('hex')}`;
let limits: Limits;
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await redis.connect().catch(() => {
    throw new Error(`These tests need Redis at ${REDIS_URL}: start it (redis-server) or set REDIS_URL.`);
  });
  // A generous timeout: a busy machine must not send a counter to its in-memory fallback.
  limits = new Limits({ redisUrl: REDIS_URL, redisPrefix: prefix, redisCommandTimeoutMs: 5000 }, quiet);
  await limits.ready();
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await limits.close();
});

it('counts each limit under its own key: <prefix>:<limit>:<who>', async () => {
  await limits.callPlaced('user-1');
  await limits.search('198.51.100.1');
  await limits.resetRequest(' Keys@Example.com');
  // Many wrong passwords at once: the client is locked for 15 minutes, so its wait is still there.
  const wrong = () => Promise.reject(new Error('wrong password'));
  const guesses = (client: { address: string; device?: string }) =>
    Promise.all(
      Array.from({ length: 12 }, () =>
        limits.login('Keys@Example.com', wrong, () => true, undefined, client).catch(() => {}),
      ),
    );
  await guesses({ address: '192.0.2.1' });
  await guesses({ address: '192.0.2.2', device: 'laptop-1' });

  expect((await redis.keys(`${prefix}:*`)).map((key) => key.slice(prefix.length + 1)).sort()).toEqual([
    'calls-day:user-1',
    'calls-hour:user-1',
    'login-account:keys@example.com',
    'login-address:192.0.2.1',
    'login-address:192.0.2.2',
    'login-failures:keys@example.com 192.0.2.1',
    'login-failures:keys@example.com device:laptop-1',
    'login-wait:keys@example.com 192.0.2.1',
    'login-wait:keys@example.com device:laptop-1',
    'resets:keys@example.com',
    'searches:198.51.100.1',
  ]);
});

it('ends its Redis connection when closed (at shutdown)', async () => {
  const closing = new Limits({ redisUrl: REDIS_URL, redisPrefix: prefix }, quiet);
  await closing.ready();
  const ended = new Promise((resolve) => closing.store.redis?.once('end', () => resolve('ended')));
  await closing.close();
  // Within seconds (it takes milliseconds), rather than at the test's timeout.
  const late = new Promise((resolve) => setTimeout(() => resolve('still connected'), 5000).unref());
  expect(await Promise.race([ended, late])).toBe('ended');
});
