import { loadConfig } from '../src/config';
import { checkRedisAtStart } from '../src/limits/redis-at-start';
import { faultyRedis, localRedis } from './helpers/redis-faults';
import { PRODUCTION_ENV } from './helpers/production-env';

// Production never starts with its limits silently per node: REDIS_URL must be set, well-formed
// and answering. Needs the local Redis (REDIS_URL, or 127.0.0.1:6379) for the one that answers.
const LOCAL_REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Every setting production needs but REDIS_URL.
const { REDIS_URL: _redis, ...production } = PRODUCTION_ENV;

describe('REDIS_URL', () => {
  it('is required in production', () => {
    expect(() => loadConfig(production)).toThrow(
      'Refusing to start in production without REDIS_URL: every API node must share the limits and ' +
        'the ended sessions. Set REDIS_URL=redis://host:6379.',
    );
    expect(loadConfig({ ...production, REDIS_URL: 'redis://cache.internal:6379' }).redisUrl).toBe(
      'redis://cache.internal:6379',
    );
  });

  it('is not required for a sandbox demo, nor on a developer machine', () => {
    expect(loadConfig({ ...production, ALLOW_SANDBOX: 'true' }).redisUrl).toBeUndefined();
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).redisUrl).toBeUndefined();
  });

  it.each(['garbage', 'localhost:6379', 'http://cache.internal:6379', 'redis//cache'])(
    'must be a redis:// URL, in any mode: %s is refused',
    (value) => {
      for (const mode of ['production', 'development']) {
        expect(() => loadConfig({ ...production, NODE_ENV: mode, REDIS_URL: value })).toThrow(
          'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL.',
        );
      }
    },
  );
});

describe('start-up in production', () => {
  const start = (redisUrl: string, ms?: number) => checkRedisAtStart({ production: true, redisUrl }, ms);

  it('goes on when Redis answers', async () => {
    await expect(start(LOCAL_REDIS)).resolves.toBeUndefined();
  });

  it('lets go of its connection once Redis has answered', async () => {
    const answering = await faultyRedis(localRedis());
    try {
      await expect(start(answering.url)).resolves.toBeUndefined();
      // Left connected, the node would hold an idle connection for ever: this would wait until the timeout.
      await answering.clientsGone();
    } finally {
      await answering.close();
    }
  });

  it('refuses when nothing listens at REDIS_URL, saying where and why', async () => {
    await expect(start('redis://:secret-password@127.0.0.1:1')).rejects.toThrow(
      /^Refusing to start: Redis at 127\.0\.0\.1:1 did not answer within 3000 ms \(.*ECONNREFUSED.*\)\.$/,
    );
    // The password never reaches the sentence; the connection's own error is kept for the log.
    const refusal = await start('redis://:secret-password@127.0.0.1:1').catch((error: Error) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).not.toMatch(/secret-password/);
    expect((refusal as Error).cause).toBeInstanceOf(Error);
  });

  it('refuses a Redis that accepts connections but never answers, within the timeout', async () => {
    const hung = await faultyRedis();
    try {
      const begun = Date.now();
      await expect(start(hung.url, 300)).rejects.toThrow(
        /^Refusing to start: Redis at 127\.0\.0\.1:\d+ did not answer within 300 ms \(no answer\)\.$/,
      );
      expect(Date.now() - begun).toBeLessThan(2000);
    } finally {
      await hung.close();
    }
  });

  it('checks nothing outside production', async () => {
    await expect(
      checkRedisAtStart({ production: false, redisUrl: 'redis://127.0.0.1:1' }),
    ).resolves.toBeUndefined();
  });
});
