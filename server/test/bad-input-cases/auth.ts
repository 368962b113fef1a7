import { type BadRequest, jsonBodyCases } from '../helpers/bad-input';
import type { CorpusKit } from './kit';

/** Sign-up, sign-in, sessions, passwords and the account. */
export async function authCorpus(kit: CorpusKit): Promise<Record<string, BadRequest[]>> {
  const { owner, other, tokens, auth, signedIn, post, get, named, email } = kit;
  return {
    'POST /api/auth/register': [
      ...jsonBodyCases(
        'POST',
        '/api/auth/register',
        { name: 'Ann', email: email(), password: 'long enough password', acceptTerms: true },
        { required: ['name', 'email', 'password', 'acceptTerms'], freeText: ['name', 'password'] },
      ),
      named(
        'terms not accepted',
        post(
          '/api/auth/register',
          { name: 'A', email: email(), password: 'long enough', acceptTerms: false },
          {},
        ),
      ),
      named(
        'a short password',
        post('/api/auth/register', { name: 'A', email: email(), password: 'short', acceptTerms: true }, {}),
      ),
      named(
        'a blank name',
        post(
          '/api/auth/register',
          { name: '   ', email: email(), password: 'long enough', acceptTerms: true },
          {},
        ),
      ),
      named(
        'an email already taken',
        post(
          '/api/auth/register',
          { name: 'A', email: owner.email.toUpperCase(), password: 'long enough', acceptTerms: true },
          {},
        ),
      ),
    ],
    'POST /api/auth/login': [
      ...jsonBodyCases(
        'POST',
        '/api/auth/login',
        { email: email(), password: 'wrong password' },
        { required: ['email', 'password'] },
      ),
      named(
        'a wrong password',
        post('/api/auth/login', { email: owner.email, password: 'not the password' }, {}),
      ),
    ],
    'POST /api/auth/refresh': [
      ...Object.entries(tokens)
        .filter(([name]) => name !== 'a refresh token')
        .map(([name, authorization]) =>
          named(name, post('/api/auth/refresh', {}, authorization ? { authorization } : {})),
        ),
      named('an access token as the refresh token', post('/api/auth/refresh', {}, auth)),
      named(
        'a body',
        post(
          '/api/auth/refresh',
          { refresh_token: owner.refresh_token },
          { authorization: `Bearer ${owner.refresh_token}` },
        ),
      ),
      named(
        'an array body',
        post('/api/auth/refresh', [], { authorization: `Bearer ${owner.refresh_token}` }),
      ),
    ],
    'POST /api/auth/logout': await signedIn(post('/api/auth/logout', {}), [
      ...jsonBodyCases(
        'POST',
        '/api/auth/logout',
        { refresh_token: 'x' },
        { headers: auth, freeText: ['refresh_token'] },
      ),
    ]),
    'POST /api/auth/request-reset-password': jsonBodyCases(
      'POST',
      '/api/auth/request-reset-password',
      { email: email() },
      { required: ['email'] },
    ),
    'POST /api/auth/reset-password': [
      ...jsonBodyCases(
        'POST',
        '/api/auth/reset-password',
        { token: 'unknown-token', password: 'long enough password' },
        { required: ['token', 'password'], freeText: ['password'] },
      ),
      named(
        'an unknown token',
        post('/api/auth/reset-password', { token: 'unknown', password: 'long enough password' }, {}),
      ),
    ],
    'POST /api/auth/change-password': await signedIn(
      post('/api/auth/change-password', { current_password: owner.password, new_password: 'x' }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/auth/change-password',
          { current_password: 'not the password', new_password: 'a brand new password' },
          {
            headers: auth,
            required: ['current_password', 'new_password'],
            freeText: ['current_password', 'new_password'],
          },
        ),
        named(
          'a wrong current password',
          post('/api/auth/change-password', {
            current_password: 'not the password',
            new_password: 'a brand new password',
          }),
        ),
        named(
          'a weak new password',
          post('/api/auth/change-password', { current_password: owner.password, new_password: '1234567890' }),
        ),
      ],
    ),
    'GET /api/account': await signedIn(get('/api/account'), [
      named('an unknown parameter', get('/api/account', { user_id: other.id })),
    ]),
    'DELETE /api/account': await signedIn(
      { method: 'DELETE', url: '/api/account', headers: auth, payload: { password: owner.password } },
      [
        ...jsonBodyCases(
          'DELETE',
          '/api/account',
          { password: 'not the password' },
          { headers: auth, required: ['password'], freeText: ['password'] },
        ),
        named('a wrong password', {
          method: 'DELETE',
          url: '/api/account',
          headers: auth,
          payload: { password: 'not the password' },
        }),
      ],
    ),
  };
}
