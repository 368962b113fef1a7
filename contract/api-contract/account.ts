import type { ContractDriver } from '../driver';
import { account, signIn } from './helpers';

export function accountCases(api: ContractDriver) {
  describe('account', () => {
    it('deletes the account with its password: 204, then its tokens and its password stop working', async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      const credentials = { email: person.email, password: person.password };
      const login = await api.request('POST', '/auth/login', { body: credentials });
      const tokens = login.body as { access_token: string; refresh_token: string };
      const deleted = await api.request('DELETE', '/account', {
        token: tokens.access_token,
        body: { password: person.password },
      });
      expect(deleted).toEqual({ status: 204, body: null });
      expect((await api.request('GET', '/account', { token: tokens.access_token })).status).toBe(401);
      expect((await api.request('POST', '/auth/refresh', { token: tokens.refresh_token })).status).toBe(401);
      expect((await api.request('POST', '/auth/login', { body: credentials })).status).toBe(401);
    });

    it('refuses to delete the account without its password: 403, and the account stays', async () => {
      const tokens = await signIn(api);
      const refused = await api.request('DELETE', '/account', {
        token: tokens.access_token,
        body: { password: 'not the password' },
      });
      expect(refused).toEqual({
        status: 403,
        body: { error: 'wrong_password', message: expect.any(String) },
      });
      const still = await api.request('GET', '/billing/subscription-status', {
        token: tokens.access_token,
      });
      expect(still.status).toBe(200);
    });
  });
}
