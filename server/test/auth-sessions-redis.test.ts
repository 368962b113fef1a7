import { twoNodesOnRedis } from './helpers/two-nodes';
import { buildApp } from '../src/app';
import { signUpAndLogin } from './helpers/auth';
import { localRedis, slowSubscribe } from './helpers/redis-faults';

// Two API nodes on one database and one Redis: a sign-out on one ends the session's access tokens
// on the other, which had them remembered as live.
const nodes = twoNodesOnRedis();

type Node = typeof nodes.nodeB;
const phoneNumberOn = (node: Node, authorization: string) =>
  node.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: { authorization } });
const phoneNumberOnB = (authorization: string) => phoneNumberOn(nodes.nodeB, authorization);

// Long before the minute after which a node would ask the database again anyway.
async function refusedWithinSeconds(authorization: string, seconds: number, node: Node = nodes.nodeB) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if ((await phoneNumberOn(node, authorization)).statusCode === 401) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

it('ends the access tokens on every node when the session ends on one', async () => {
  const user = await signUpAndLogin(nodes.nodeA.app);
  expect((await phoneNumberOnB(user.headers.authorization)).statusCode).toBe(200);
  const logout = await nodes.nodeA.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: user.headers,
  });
  expect(logout.statusCode).toBe(204);
  expect(await refusedWithinSeconds(user.headers.authorization, 5)).toBe(true);
});

it('listens for ended sessions by the time a node is ready, and lets go of Redis when it closes', async () => {
  const redis = nodes.nodeA.app.limits.store.redis!;
  const channel = `${nodes.nodeA.deps.config.redisPrefix}:sessions-ended`;
  const listeners = async () => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]);
  const others = await listeners();
  const node = await buildApp(nodes.nodeA.deps);
  await node.ready();
  // Ready means it already hears a sign-out made on another node.
  expect(await listeners()).toBe(others + 1);
  await node.close();
  const until = Date.now() + 5_000;
  while ((await listeners()) > others && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await listeners()).toBe(others);
});

it('hears a sign-out made on another node right after it is ready, even when Redis is slow to subscribe it', async () => {
  const config = nodes.nodeA.deps.config;
  // This node's SUBSCRIBE reaches Redis a second late; ready waits for it (at most 2 s), so a
  // sign-out published once ready still reaches it.
  const redis = await slowSubscribe(localRedis(), `${config.redisPrefix}:sessions-ended`, 1000);
  const node = await buildApp({ ...nodes.nodeA.deps, config: { ...config, redisUrl: redis.url } });
  try {
    const user = await signUpAndLogin(nodes.nodeA.app);
    await node.ready();
    await redis.seen;
    // Remembered as live on this node, then ended on the other.
    expect((await phoneNumberOn(node, user.headers.authorization)).statusCode).toBe(200);
    const logout = await nodes.nodeA.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.headers,
    });
    expect(logout.statusCode).toBe(204);
    expect(await refusedWithinSeconds(user.headers.authorization, 5, node)).toBe(true);
  } finally {
    await node.close();
    await redis.close();
  }
});
