import { DEMO } from './fixtures';
import { db, latestResetToken } from './db';
import { expireAccessTokens } from './tokens';
import { callApi } from './testApi';

describe('auth mocks', () => {
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

  // The server's rules, from rules/passwords.ts: the probes' passwords and a common one are refused.
  it.each([
    ['12345678', 'The password field must be at least 10 characters long.'],
    ['password', 'The password field must be at least 10 characters long.'],
    ['        ', 'The password field must be at least 10 characters long.'],
    [' '.repeat(10), 'The password must not be only spaces.'],
    ['1234567890', 'This password is too common or easy to guess. Please choose another.'],
  ])('refuses the new password %j at sign-up and reset, as the server does', async (password, message) => {
    const registration = { name: 'Sam', email: 'sam@example.com', password, acceptTerms: true };
    const signUp = await callApi('POST', '/auth/register', { body: registration });
    const reset = await callApi('POST', '/auth/reset-password', {
      body: { token: DEMO.resetToken, password },
    });
    for (const refused of [signUp, reset]) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
  });

  it('accepts the seeded demo reset token', async () => {
    const body = { token: DEMO.resetToken, password: 'brand-new-pass' };
    expect((await callApi('POST', '/auth/reset-password', { body })).status).toBe(200);
  });
});
