import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';

// Two API nodes on one database and one Redis (REDIS_URL, or the local 127.0.0.1:6379): a sign-out
// on one ends the session's access tokens on the other, which had them remembered as live.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let nodeA: TestContext;
let nodeB: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  nodeA = await createTestApp({
    env: { REDIS_URL, REDIS_PREFIX: `forwardly-test-${randomBytes(4).toString('hex')}` },
  });
  nodeB = await buildApp(nodeA.deps);
  await Promise.all([nodeA.app.ready(), nodeB.ready()]);
});
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

const phoneNumberOnB = (authorization: string) =>
  nodeB.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: { authorization } });

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
  const user = await signUpAndLogin(nodeA.app);
  expect((await phoneNumberOnB(user.headers.authorization)).statusCode).toBe(200);
  const logout = await nodeA.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
  expect(logout.statusCode).toBe(204);
  expect(await refusedWithinSeconds(user.headers.authorization, 5)).toBe(true);
});
