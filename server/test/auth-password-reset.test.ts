import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { readOutbox, waitForMail } from './helpers/outbox';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await signUpAndLogin(ctx.app);
});
afterAll(() => ctx.close());

const requestReset = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset-password', payload: { email } });
const reset = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });

async function resetToken(): Promise<string> {
  const before = readOutbox(ctx.deps.config.dataDir).length;
  expect((await requestReset(user.email.toUpperCase())).statusCode).toBe(200);
  for (let i = 0; i < 500 && readOutbox(ctx.deps.config.dataDir).length === before; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const mail = await waitForMail(ctx.deps.config.dataDir, user.email);
  const link = new URL(mail.links[0]);
  expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset-password');
  return link.searchParams.get('token')!;
}

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and mails only the account holder', async () => {
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await waitForMail(ctx.deps.config.dataDir, user.email);
    expect(mail.subject).toBe('Reset your Forwardly password');
    expect(readOutbox(ctx.deps.config.dataDir).some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('sets the new password once, and ends every session of the account', async () => {
    const token = await resetToken();
    const res = await reset(token, 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login('a brand new password')).statusCode).toBe(200);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${user.refresh_token}` },
    });
    expect(refresh.statusCode).toBe(401);
    // Access tokens already issued stop at once too, not when they expire.
    const phone = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/phone-number',
      headers: user.headers,
    });
    expect(phone.statusCode).toBe(401);

    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_reset_token', message: expect.stringMatching(/expired/) });
  });

  it('refuses an unknown token and a short password with 400', async () => {
    expect((await reset('made-up-token', 'long enough password')).json().error).toBe('invalid_reset_token');
    const short = await reset(await resetToken(), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password field must be at least 10 characters/);
  });

  it('refuses a common password and whitespace alone, and keeps the link usable', async () => {
    const token = await resetToken();
    const common = await reset(token, '1234567890');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      error: 'weak_password',
      message: 'This password is too common or easy to guess. Please choose another.',
    });
    expect((await reset(token, ' '.repeat(10))).json().message).toBe('The password must not be only spaces.');
    expect((await reset(token, 'a fresh enough password')).statusCode).toBe(200);
    expect((await login('a fresh enough password')).statusCode).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const token = await resetToken();
    jest.useFakeTimers({
      now: Date.now() + 61 * 60 * 1000,
      doNotFake: ['setTimeout', 'setImmediate', 'nextTick'],
    });
    try {
      expect((await reset(token, 'a later password')).statusCode).toBe(400);
    } finally {
      jest.useRealTimers();
    }
  });
});
