import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// The SPA sends the JSON content type with no body on refresh.
const refresh = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
const logout = (accessToken: string, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${accessToken}` },
    ...(payload ? { payload } : {}),
  });

describe('POST /api/auth/refresh', () => {
  it('answers a new access token for the refresh token sent as bearer with an empty body', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await refresh(user.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.any(String) });
    expect((await logout(res.json().access_token)).statusCode).toBe(204);
  });

  it('answers 401 for an unknown token, an access token, or no token', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
    expect((await refresh(user.access_token)).statusCode).toBe(401);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'invalid_refresh_token', message: expect.any(String) });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session of the access token: its refresh token stops working', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await logout(user.access_token)).statusCode).toBe(204);
    expect((await refresh(user.refresh_token)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the account alone', async () => {
    const user = await signUpAndLogin(ctx.app);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    await logout(user.access_token);
    expect((await refresh(other.json().refresh_token)).statusCode).toBe(200);
  });

  it('also ends the session of a refresh token given in the body, but never another user’s', async () => {
    const user = await signUpAndLogin(ctx.app);
    const second = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      })
    ).json();
    const stranger = await signUpAndLogin(ctx.app);
    await logout(user.access_token, { refresh_token: second.refresh_token });
    await logout(user.access_token, { refresh_token: stranger.refresh_token });
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await refresh(stranger.refresh_token)).statusCode).toBe(200);
  });

  it('answers 401 without a valid access token', async () => {
    const res = await logout('forged.token.value');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/sign in/) });
  });
});
