import { twoNodesOnRedis } from './helpers/two-nodes';
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
