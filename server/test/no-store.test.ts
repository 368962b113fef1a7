import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { waitForMail } from './helpers/outbox';

// Tokens, the call list, the CSV and account data must never stay in a browser's or a proxy's cache.
let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await signUpAndLogin(ctx.app);
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

describe('Cache-Control: no-store', () => {
  it('is on every token answer: register, login, refresh, reset', async () => {
    const email = `other-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const register = await post('/api/auth/register', { name: 'O', email, password, acceptTerms: true });
    const login = await post('/api/auth/login', { email, password });
    const refresh = await post(
      '/api/auth/refresh',
      {},
      { authorization: `Bearer ${login.json().refresh_token}` },
    );
    await post('/api/auth/request-reset-password', { email });
    const token = new URL((await waitForMail(ctx.deps.config.dataDir, email)).links[0]).searchParams.get(
      'token',
    );
    const reset = await post('/api/auth/reset-password', { token, password: 'a brand new password' });
    for (const res of [register, login, refresh, reset]) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it.each(['/api/dashboard/calls', '/api/dashboard/calls.csv', '/api/dashboard/phone-number'])(
    'is on the signed-in answer of %s, and on its refusal',
    async (url) => {
      const signedIn = await ctx.app.inject({ method: 'GET', url, headers: user.headers });
      const signedOut = await ctx.app.inject({ method: 'GET', url });
      expect(signedIn.statusCode).not.toBe(401);
      expect(signedOut.statusCode).toBe(401);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      expect(signedOut.headers['cache-control']).toBe('no-store');
    },
  );
});
