import { PASSWORD_PROBLEMS } from '../../rules/passwords';
import type { ContractDriver } from '../driver';
import { SESSION_EXPIRED, unique, account, signIn, refused } from './helpers';

export function authCases(api: ContractDriver) {
  describe('accounts', () => {
    it('registers an account: 201 with its id, name and email, never its password', async () => {
      const person = account();
      const { status, body } = await api.request('POST', '/auth/register', {
        body: { ...person, acceptTerms: true },
      });
      expect(status).toBe(201);
      expect(body).toEqual({ id: expect.any(String), name: person.name, email: person.email });
    });

    it('refuses a second account with the same email, whatever its case: 409', async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      const again = await api.request('POST', '/auth/register', {
        body: { ...person, email: person.email.toUpperCase(), acceptTerms: true },
      });
      expect(again).toEqual({
        status: 409,
        body: {
          error: 'email_taken',
          message: 'An account with this email already exists. Please sign in.',
        },
      });
    });

    it.each([
      ['an empty name', { name: '' }, 'The name field must not be empty.'],
      ['a blank name', { name: '   ' }, 'The name field is required.'],
      ['no email', { email: undefined }, 'The email field is required.'],
      ['a malformed email', { email: 'dana.example.com' }, 'The email field must be a valid email address.'],
      ['a short password', { password: 'short' }, PASSWORD_PROBLEMS.short],
      ['terms given as text', { acceptTerms: 'yes' }, 'The acceptTerms field must be a boolean.'],
      ['a field it does not know', { referrer: 'ad' }, 'The request body has an unknown field: referrer.'],
    ])('refuses a registration with %s: 400 and the sentence saying why', async (_case, change, message) => {
      const { status, body } = await api.request('POST', '/auth/register', {
        body: { ...account(), acceptTerms: true, ...change },
      });
      expect({ status, body }).toEqual({ status: 400, body: { error: 'bad_request', message } });
    });

    it('refuses a registration whose terms are not accepted: terms_not_accepted', async () => {
      const { status, body } = await api.request('POST', '/auth/register', {
        body: { ...account(), acceptTerms: false },
      });
      expect({ status, body }).toEqual({
        status: 400,
        body: {
          error: 'terms_not_accepted',
          message: 'Please accept the terms of service and privacy policy.',
        },
      });
    });

    it('signs in with the right password: both tokens', async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      const { status, body } = await api.request('POST', '/auth/login', {
        body: { email: person.email, password: person.password },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    });

    it('refuses a wrong password with 401 and one sentence for any wrong email or password', async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      const wrong = await api.request('POST', '/auth/login', {
        body: { email: person.email, password: 'not the password' },
      });
      const unknown = await api.request('POST', '/auth/login', {
        body: { email: unique(), password: person.password },
      });
      expect(wrong).toEqual({
        status: 401,
        body: { error: 'invalid_credentials', message: 'Invalid email or password.' },
      });
      expect(unknown).toEqual(wrong);
    });

    it('refreshes the access token with the refresh token as bearer, and refuses an unknown one', async () => {
      const tokens = await signIn(api);
      const refreshed = await api.request('POST', '/auth/refresh', { token: tokens.refresh_token });
      expect(refreshed.status).toBe(200);
      const next = refreshed.body as { access_token: string; refresh_token: string };
      expect((await api.request('GET', '/account', { token: next.access_token })).status).toBe(200);
      // The refresh token rotates: the one it answers refreshes in turn.
      expect((await api.request('POST', '/auth/refresh', { token: next.refresh_token })).status).toBe(200);
      expect((await api.request('POST', '/auth/refresh', { token: 'unknown' })).status).toBe(401);
    });

    it('logs out: 204, then neither the access token nor the refresh token works', async () => {
      const tokens = await signIn(api);
      const logout = await api.request('POST', '/auth/logout', {
        token: tokens.access_token,
        body: { refresh_token: tokens.refresh_token },
      });
      expect(logout).toEqual({ status: 204, body: null });
      const after = await api.request('GET', '/dashboard/phone-number', { token: tokens.access_token });
      expect(after).toEqual({ status: 401, body: SESSION_EXPIRED });
      expect((await api.request('POST', '/auth/refresh', { token: tokens.refresh_token })).status).toBe(401);
    });

    it('logs out with the access token alone, and refuses a refresh token that is not text: 400', async () => {
      const tokens = await signIn(api);
      const refused = await api.request('POST', '/auth/logout', {
        token: tokens.access_token,
        body: { refresh_token: null },
      });
      expect(refused).toEqual({
        status: 400,
        body: { error: 'bad_request', message: 'The refresh_token field must be a string.' },
      });
      const logout = await api.request('POST', '/auth/logout', { token: tokens.access_token, body: {} });
      expect(logout).toEqual({ status: 204, body: null });
      const after = await api.request('GET', '/dashboard/phone-number', { token: tokens.access_token });
      expect(after).toEqual({ status: 401, body: SESSION_EXPIRED });
    });

    it('logs out with the refresh token alone, its access token expired: 204, and the session ends', async () => {
      const tokens = await signIn(api);
      const logout = await api.request('POST', '/auth/logout', {
        token: 'expired-access-token',
        body: { refresh_token: tokens.refresh_token },
      });
      expect(logout).toEqual({ status: 204, body: null });
      expect((await api.request('POST', '/auth/refresh', { token: tokens.refresh_token })).status).toBe(401);
    });

    it('asks for a reset link with one sentence, whether or not the account exists', async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      const sentence = { message: 'If an account exists for this email, a reset link is on its way.' };
      for (const email of [person.email, unique()]) {
        const asked = await api.request('POST', '/auth/request-reset-password', { body: { email } });
        expect(asked).toEqual({ status: 200, body: sentence });
      }
    });

    it("answers the signed-in account's name and email", async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      const login = await api.request('POST', '/auth/login', {
        body: { email: person.email, password: person.password },
      });
      const { access_token } = login.body as { access_token: string };
      expect(await api.request('GET', '/account', { token: access_token })).toEqual({
        status: 200,
        body: { name: person.name, email: person.email },
      });
    });

    it('changes the password with the current one: other sessions end, this one stays', async () => {
      const person = account();
      await api.request('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
      const signIn = async (password: string) =>
        api.request('POST', '/auth/login', { body: { email: person.email, password } });
      const here = (await signIn(person.password)).body as { access_token: string; refresh_token: string };
      const there = (await signIn(person.password)).body as { refresh_token: string };
      const change = (current_password: string, new_password: string) =>
        api.request('POST', '/auth/change-password', {
          token: here.access_token,
          body: { current_password, new_password },
        });

      expect(await change('not the password', 'a brand new password')).toEqual(
        refused(400, 'wrong_password', 'Your current password is not right. Please try again.'),
      );
      expect(await change(person.password, '1234567890')).toEqual(
        refused(400, 'weak_password', 'This password is too common or easy to guess. Please choose another.'),
      );
      expect(await change(person.password, 'a brand new password')).toEqual({
        status: 200,
        body: { message: 'Your password has been changed.' },
      });
      expect((await api.request('POST', '/auth/refresh', { token: there.refresh_token })).status).toBe(401);
      expect((await api.request('GET', '/account', { token: here.access_token })).status).toBe(200);
      expect((await api.request('POST', '/auth/refresh', { token: here.refresh_token })).status).toBe(200);
      expect((await signIn(person.password)).status).toBe(401);
      expect((await signIn('a brand new password')).status).toBe(200);
    });

    it('answers a signed-in route without a token with 401 and the session sentence', async () => {
      const { status, body } = await api.request('GET', '/dashboard/phone-number');
      expect(status).toBe(401);
      expect(body).toEqual(SESSION_EXPIRED);
    });
  });
}
