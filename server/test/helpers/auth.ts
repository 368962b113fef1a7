import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';

export interface TestUser {
  name: string;
  email: string;
  password: string;
  access_token: string;
  refresh_token: string;
  // Ready-made headers for app.inject: { authorization: 'Bearer <access token>' }.
  headers: { authorization: string };
}

// Registers a new account through the API (a unique email each call) and signs it in.
export async function signUpAndLogin(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const account = {
    name: 'Test User',
    email: `user-${randomBytes(5).toString('hex')}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...account, acceptTerms: true },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const tokens = login.json<{ access_token: string; refresh_token: string }>();
  return { ...account, ...tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}
