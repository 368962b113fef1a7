import { buildApp } from '../src/app';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import { moveDateForward } from './helpers/wall-clock';

// The bounds of a session at their exact millisecond, and how late an end may reach a node that
// did not hear of it (no Redis between the nodes).
let ctx: TestContext;
let nodeB: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  nodeB = await buildApp(ctx.deps);
  await nodeB.ready();
});
afterAll(async () => {
  await nodeB.close();
  await ctx.close();
});
afterEach(() => jest.useRealTimers());

const DAY_MS = 86_400_000;

const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } });

it('takes an unused refresh token until 7 days after its issue, not at that millisecond', async () => {
  moveDateForward(0); // the wall clock stands still until the test sets it
  const signedInAt = Date.now();
  const user = await signUpAndLogin(ctx.app);
  const other = await signUpAndLogin(ctx.app);
  jest.setSystemTime(signedInAt + 7 * DAY_MS - 1);
  expect((await refresh(user.refresh_token)).statusCode).toBe(200);
  jest.setSystemTime(signedInAt + 7 * DAY_MS);
  const idle = await refresh(other.refresh_token);
  expect(idle.statusCode).toBe(401);
  expect(idle.json().error).toBe('invalid_refresh_token');
});

it('refuses the refresh token of a session that was signed out, even alone in a sign-out', async () => {
  const user = await signUpAndLogin(ctx.app);
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode,
  ).toBe(204);
  const again = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    payload: { refresh_token: user.refresh_token },
  });
  expect(again.statusCode).toBe(401);
});

it('ends a session on a node that missed the sign-out within a minute, at most', async () => {
  moveDateForward(0);
  const user = await signUpAndLogin(ctx.app);
  const onB = () =>
    nodeB.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: user.headers });
  expect((await onB()).statusCode).toBe(200); // node B now knows the session as live
  const seenLiveAt = Date.now();
  await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
  jest.setSystemTime(seenLiveAt + 60_000);
  expect((await onB()).statusCode).toBe(401);
});
