import type { ContractDriver } from '../driver';
import { signIn } from './helpers';

export function accountCases(api: ContractDriver) {
  describe('account', () => {
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
