import { DEMO } from './fixtures';
import { db, latestResetToken } from './db';
import { expireAccessTokens } from './tokens';
import { callApi } from './testApi';

const newUser = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret-pass',
  acceptTerms: true,
};

describe('auth mocks', () => {
  it('registers a user and rejects a duplicate email whatever its case', async () => {
    const created = await callApi('POST', '/auth/register', { body: newUser, token: null });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com' });

    const again = await callApi('POST', '/auth/register', { body: { ...newUser, email: 'ADA@example.com' } });
    expect(again).toEqual({ status: 409, body: { error: 'email_taken', message: expect.any(String) } });
  });

  it.each([
    ['a missing field', { ...newUser, name: '' }],
    ['terms not accepted', { ...newUser, acceptTerms: false }],
    ['a short password', { ...newUser, password: 'short' }],
  ])('answers 400 on %s', async (_case, body) => {
    const { status, body: error } = await callApi('POST', '/auth/register', { body });
    expect(status).toBe(400);
    expect(error).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it('logs in the demo subscriber and refuses a wrong password', async () => {
    const ok = await callApi('POST', '/auth/login', { body: { email: DEMO.email, password: DEMO.password } });
    expect(ok.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });

    const bad = await callApi('POST', '/auth/login', { body: { email: DEMO.email, password: 'nope' } });
    expect(bad).toEqual({
      status: 401,
      body: { error: 'invalid_credentials', message: 'Invalid email or password' },
    });
  });

  it('refreshes an expired access token with the refresh token as bearer', async () => {
    expireAccessTokens();
    expect((await callApi('GET', '/dashboard/phone-number')).status).toBe(401);

    const refreshed = await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken });
    expect(refreshed.status).toBe(200);
    const retried = await callApi('GET', '/dashboard/phone-number', { token: refreshed.body.access_token });
    expect(retried.body.phone_number.phone_number).toBe(DEMO.businessNumber);
    // The refresh token rotates: the spent one stops, the next one works.
    expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(401);
    expect((await callApi('POST', '/auth/refresh', { token: refreshed.body.refresh_token })).status).toBe(
      200,
    );

    expect((await callApi('POST', '/auth/refresh', { token: 'unknown' })).status).toBe(401);
  });

  it('logout revokes the access token and the refresh token sent with it', async () => {
    const logout = await callApi('POST', '/auth/logout', { body: { refresh_token: DEMO.refreshToken } });
    expect(logout).toEqual({ status: 204, body: null });
    expect((await callApi('GET', '/dashboard/phone-number')).status).toBe(401);
    expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(401);
  });

  it('logout with only the refresh token still ends the session (expired access token)', async () => {
    const logout = await callApi('POST', '/auth/logout', {
      token: 'expired-access-token',
      body: { refresh_token: DEMO.refreshToken },
    });
    expect(logout.status).toBe(204);
    expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(401);
  });

  it('answers the reset request the same for unknown emails and resets with a token once', async () => {
    const unknown = await callApi('POST', '/auth/request-reset-password', { body: { email: 'who@x.io' } });
    const known = await callApi('POST', '/auth/request-reset-password', { body: { email: DEMO.email } });
    expect(unknown).toEqual(known);

    const token = latestResetToken(DEMO.email);
    const reset = await callApi('POST', '/auth/reset-password', {
      body: { token, password: 'new-password' },
    });
    expect(reset.status).toBe(200);
    expect(db.users[0].password).toBe('new-password');
    // The demo's seeded tokens are revoked with the old password.
    expect((await callApi('GET', '/dashboard/phone-number')).status).toBe(401);

    const reused = await callApi('POST', '/auth/reset-password', {
      body: { token, password: 'another-one' },
    });
    expect(reused.status).toBe(400);
  });

  it('accepts the seeded demo reset token', async () => {
    const body = { token: DEMO.resetToken, password: 'brand-new-pass' };
    expect((await callApi('POST', '/auth/reset-password', { body })).status).toBe(200);
  });
});
