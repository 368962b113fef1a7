import { PASSWORD_PROBLEMS } from '../../rules/passwords';
import type { ContractDriver } from '../driver';
import { account, SESSION_EXPIRED } from './helpers';

// A password reset through the link mailed for it: the token is read from the mail (the server's
// outbox, the mocks' store), never made up.
export function passwordResetCases(api: ContractDriver, driver: Pick<ContractDriver, 'resetToken'>) {
  describe('password reset', () => {
    const registered = async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      return person;
    };
    const reset = (token: string, password: string) =>
      api.request('POST', '/auth/reset-password', { body: { token, password } });

    it('resets the password with the mailed link, once: the sessions end and only the new password signs in', async () => {
      const person = await registered();
      const login = (password: string) =>
        api.request('POST', '/auth/login', { body: { email: person.email, password } });
      const tokens = (await login(person.password)).body as { access_token: string; refresh_token: string };
      const token = await driver.resetToken(person.email);

      expect((await reset(token, 'a brand new password')).status).toBe(200);
      expect(await api.request('GET', '/account', { token: tokens.access_token })).toEqual({
        status: 401,
        body: SESSION_EXPIRED,
      });
      expect((await api.request('POST', '/auth/refresh', { token: tokens.refresh_token })).status).toBe(401);
      expect((await login(person.password)).status).toBe(401);
      expect((await login('a brand new password')).status).toBe(200);
      expect(await reset(token, 'yet another password')).toMatchObject({
        status: 400,
        body: { error: 'invalid_reset_token' },
      });
    });

    // rules/passwords.ts on both: the probes' passwords and a common one are refused.
    it.each([
      ['12345678', PASSWORD_PROBLEMS.short],
      ['password', PASSWORD_PROBLEMS.short],
      ['        ', PASSWORD_PROBLEMS.short],
      [' '.repeat(10), 'The password must not be only spaces.'],
      ['1234567890', 'This password is too common or easy to guess. Please choose another.'],
    ])('refuses the new password %j at sign-up and at reset: 400 and why', async (password, message) => {
      const signUp = await api.request('POST', '/auth/register', {
        body: { ...account(), password, acceptTerms: true },
      });
      const person = await registered();
      const atReset = await reset(await driver.resetToken(person.email), password);
      for (const refused of [signUp, atReset]) {
        expect(refused.status).toBe(400);
        expect((refused.body as { message: string }).message).toBe(message);
      }
    });
  });
}
