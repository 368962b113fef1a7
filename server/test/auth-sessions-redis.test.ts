import { twoNodesOnRedis } from './helpers/two-nodes';
import { buildApp } from '../src/app';
import { signUpAndLogin } from './helpers/auth';

// Two API nodes on one database and one Redis: a sign-out on one ends the session's access tokens
// on the other, which had them remembered as live.
const nodes = twoNodesOnRedis();

const phoneNumberOnB = (authorization: string) =>
  nodes.nodeB.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: { authorization } });

// Long before the minute after which a node would ask the database again anyway.
async function refusedWithinSeconds(authorization: string, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if ((await phoneNumberOnB(authorization)).statusCode === 401) return true;
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
