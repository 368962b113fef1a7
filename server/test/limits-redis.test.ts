import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Limits } from '../src/limits/limits';
import { refusal } from './helpers/refusal';

// The limits with REDIS_URL: counters shared by every API node, and still enforced (per process)
// while Redis is unreachable. Needs the local Redis (REDIS_URL, or 127.0.0.1:6379).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { info: () => {}, warn: () => {} };
const prefix = `forwardly-test-${randomBytes(4).toString('hex')}`;
let nodeA: Limits;
let nodeB: Limits;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await probe.connect().catch(() => {
    throw new Error(`These tests need Redis at ${REDIS_URL}: start it (redis-server) or set REDIS_URL.`);
  });
  // A generous timeout: these tests are about sharing, and a busy test machine can stall past 100 ms.
  const config = { redisUrl: REDIS_URL, redisPrefix: prefix, redisCommandTimeoutMs: 5000 };
  nodeA = new Limits(config, quiet);
  nodeB = new Limits(config, quiet);
  // Both nodes connected, so no counter falls back to memory in the tests below.
  await Promise.all([nodeA.ready(), nodeB.ready()]);
  await probe.quit();
});
afterAll(async () => {
  const cleanup = new Redis(REDIS_URL);
  const keys = await cleanup.keys(`${prefix}:*`);
  if (keys.length) await cleanup.del(...keys);
  await cleanup.quit();
  await Promise.all([nodeA.close(), nodeB.close()]);
});

it('shares the counters between API nodes', async () => {
  for (let i = 0; i < 30; i++) {
    expect(await refusal(() => (i % 2 ? nodeA : nodeB).search('198.51.100.20'))).toBeNull();
  }
  expect(await refusal(() => nodeA.search('198.51.100.20'))).toMatchObject({ statusCode: 429 });
  expect(await refusal(() => nodeB.search('198.51.100.20'))).toMatchObject({ statusCode: 429 });
});

it('keeps counting in Redis: the keys carry the configured prefix and expire', async () => {
  await nodeA.resetRequest('ttl@example.com');
  const redis = new Redis(REDIS_URL);
  const [key] = await redis.keys(`${prefix}:resets*`);
  const ttl = await redis.pttl(key);
  await redis.quit();
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(3600 * 1000);
});

it('backs failed sign-ins off on every node, and lets the right password in once the wait is over', async () => {
  const email = `victim-${randomBytes(3).toString('hex')}@example.com`;
  const wrong = () => Promise.reject(new Error('wrong password'));
  const isWrong = (e: unknown) => e instanceof Error && e.message === 'wrong password';
  for (let i = 0; i < 5; i++) await expect(nodeA.login(email, wrong, isWrong)).rejects.toThrow('wrong');
  const refused = await refusal(() => nodeB.login(email, async () => 'tokens', isWrong));
  expect(refused).toMatchObject({ message: 'Invalid email or password.', retryAfterSeconds: 1 });
  // Waiting on the condition the 429 names (at most its Retry-After, here 1 s).
  let answer: unknown = null;
  for (let tries = 0; answer !== 'tokens' && tries < 100; tries++) {
    answer = await nodeB.login(email, async () => 'tokens', isWrong).catch(() => null);
    if (answer !== 'tokens') await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(answer).toBe('tokens');
});

it('still limits, in memory, while Redis is unreachable', async () => {
  const cut = new Limits({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: prefix }, quiet);
  try {
    for (let i = 0; i < 30; i++) expect(await refusal(() => cut.search('198.51.100.99'))).toBeNull();
    expect(await refusal(() => cut.search('198.51.100.99'))).toMatchObject({ statusCode: 429 });
  } finally {
    await cut.close();
  }
});
