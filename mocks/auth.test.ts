import { DEMO } from './fixtures';
import { expireAccessTokens } from './tokens';
import { callApi } from './testApi';

// What only the mocks do in signing in; the rest is the API contract (contract/api-contract/).
describe('auth mocks', () => {
  it('expireAccessTokens ends the access tokens only: the refresh token gets a working one', async () => {
    expireAccessTokens();
    expect((await callApi('GET', '/dashboard/phone-number')).status).toBe(401);
    const refreshed = await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken });
    const retried = await callApi('GET', '/dashboard/phone-number', { token: refreshed.body.access_token });
    expect(retried.body.phone_number.phone_number).toBe(DEMO.businessNumber);
  });

  // The server gives a spent refresh token 10 s of grace (two tabs refreshing at once) and ends the
  // session past it; the mocks refuse it at once, so a test never depends on that grace.
  it('refuses a spent refresh token at once', async () => {
    expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(200);
    expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(401);
  });

  it('accepts the seeded demo reset token', async () => {
    const body = { token: DEMO.resetToken, password: 'brand-new-pass' };
    expect((await callApi('POST', '/auth/reset-password', { body })).status).toBe(200);
  });
});
