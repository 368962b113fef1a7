import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { moveDateForward } from './helpers/wall-clock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => jest.useRealTimers());

// The SPA sends the JSON content type with no body on refresh.
const refresh = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
const logout = (accessToken: string | null, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    ...(payload ? { payload } : {}),
  });
const phoneNumber = (accessToken: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/dashboard/phone-number',
    headers: { authorization: `Bearer ${accessToken}` },
  });
const secondSession = async (user: TestUser) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    })
  ).json<{ access_token: string; refresh_token: string }>();

describe('POST /api/auth/refresh', () => {
  it('answers a new access token and the next refresh token, for the refresh token as bearer', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await refresh(user.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(res.json().refresh_token).not.toBe(user.refresh_token);
    expect((await phoneNumber(res.json().access_token)).statusCode).toBe(200);
    expect((await refresh(res.json().refresh_token)).statusCode).toBe(200);
  });

  it('answers 401 for an unknown token, an access token, or no token', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
    expect((await refresh(user.access_token)).statusCode).toBe(401);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'invalid_refresh_token', message: expect.any(String) });
  });

  it('lets two tabs refresh with the same token at once: both stay signed in', async () => {
    const user = await signUpAndLogin(ctx.app);
    const [tabA, tabB] = await Promise.all([refresh(user.refresh_token), refresh(user.refresh_token)]);
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    for (const tab of [tabA, tabB]) {
      expect((await phoneNumber(tab.json().access_token)).statusCode).toBe(200);
      expect((await refresh(tab.json().refresh_token)).statusCode).toBe(200);
    }
  });

  it('takes a used token back for 10 s after its first use (a slow second tab), not a millisecond more', async () => {
    const user = await signUpAndLogin(ctx.app);
    moveDateForward(0); // the wall clock now stands still until the test sets it
    const firstUse = Date.now();
    expect((await refresh(user.refresh_token)).statusCode).toBe(200);
    for (const later of [9_000, 10_000]) {
      jest.setSystemTime(firstUse + later);
      const again = await refresh(user.refresh_token);
      expect(again.statusCode).toBe(200);
      expect((await phoneNumber(again.json().access_token)).statusCode).toBe(200);
    }
    jest.setSystemTime(firstUse + 10_001);
    const reuse = await refresh(user.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect((await phoneNumber(user.access_token)).statusCode).toBe(401);
  });

  it('ends the whole session when a used token comes back after the grace', async () => {
    const user = await signUpAndLogin(ctx.app);
    const other = await secondSession(user);
    // Used a moment before: this node knows the session as live, and must hear of its end at once.
    expect((await phoneNumber(user.access_token)).statusCode).toBe(200);
    const next = (await refresh(user.refresh_token)).json();
    moveDateForward(11_000);
    const reuse = await refresh(user.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe('invalid_refresh_token');
    // The thief's copy and the owner's newer tokens are all dead now...
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await phoneNumber(next.access_token)).statusCode).toBe(401);
    expect((await phoneNumber(user.access_token)).statusCode).toBe(401);
    // ...but only in that session.
    expect((await phoneNumber(other.access_token)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the access token at once: its access and refresh tokens stop working', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await phoneNumber(user.access_token)).statusCode).toBe(200);
    expect((await logout(user.access_token)).statusCode).toBe(204);
    expect((await phoneNumber(user.access_token)).statusCode).toBe(401);
    expect((await refresh(user.refresh_token)).statusCode).toBe(401);
  });

  it('takes an empty body (no refresh token stored) and refuses a null refresh token', async () => {
    const user = await signUpAndLogin(ctx.app);
    const nulled = await logout(user.access_token, { refresh_token: null });
    expect(nulled.statusCode).toBe(400);
    expect(nulled.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    expect((await phoneNumber(user.access_token)).statusCode).toBe(200);
    expect((await logout(user.access_token, {})).statusCode).toBe(204);
    expect((await phoneNumber(user.access_token)).statusCode).toBe(401);
  });

  it('ends the session of a refresh token alone, as when the access token has expired', async () => {
    const user = await signUpAndLogin(ctx.app);
    const next = (await refresh(user.refresh_token)).json();
    expect((await phoneNumber(next.access_token)).statusCode).toBe(200);
    expect((await logout('expired.or.forged', { refresh_token: next.refresh_token })).statusCode).toBe(204);
    expect((await phoneNumber(next.access_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the account alone', async () => {
    const user = await signUpAndLogin(ctx.app);
    const other = await secondSession(user);
    await logout(user.access_token, { refresh_token: user.refresh_token });
    expect((await phoneNumber(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('also ends the session of a refresh token given in the body, but never another user’s', async () => {
    const user = await signUpAndLogin(ctx.app);
    const second = await secondSession(user);
    const stranger = await signUpAndLogin(ctx.app);
    await logout(user.access_token, { refresh_token: second.refresh_token });
    await logout(user.access_token, { refresh_token: stranger.refresh_token });
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await refresh(stranger.refresh_token)).statusCode).toBe(200);
  });

  it('answers 401 when neither token names a session', async () => {
    for (const res of [
      await logout('forged.token.value'),
      await logout(null, { refresh_token: 'not-a-real-token' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/sign in/) });
    }
  });
});

const DAY_MS = 86_400_000;

describe('session lifetime (ASVS 3.3)', () => {
  // The lifetimes docs/security.md gives, written out: a changed constant fails here.
  it('ends a session whose refresh token goes unused for 7 days', async () => {
    const user = await signUpAndLogin(ctx.app);
    const other = await secondSession(user);
    moveDateForward(7 * DAY_MS - 60_000);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    moveDateForward(120_000);
    const idle = await refresh(user.refresh_token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error).toBe('invalid_refresh_token');
  });

  it('ends a session 30 days after sign-in, however often it refreshed', async () => {
    const user = await signUpAndLogin(ctx.app);
    let token = user.refresh_token;
    // Refreshed well within the idle timeout each time, up to a minute before the end.
    const step = (30 * DAY_MS - 60_000) / 6;
    for (let i = 0; i < 6; i++) {
      moveDateForward(step);
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = res.json().refresh_token;
    }
    moveDateForward(120_000);
    expect((await refresh(token)).statusCode).toBe(401);
    // A new sign-in starts a new lifetime.
    expect((await refresh((await secondSession(user)).refresh_token)).statusCode).toBe(200);
  });
});
