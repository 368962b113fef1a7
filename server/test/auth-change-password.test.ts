import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { readOutbox, waitForMail } from './helpers/outbox';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const change = (user: TestUser, current_password: string, new_password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: user.headers,
    payload: { current_password, new_password },
  });
const login = (user: TestUser, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } });
const account = (user: TestUser) =>
  ctx.app.inject({ method: 'GET', url: '/api/account', headers: user.headers });

describe('the signed-in account', () => {
  it('answers its own name and email', async () => {
    const user = await signUpAndLogin(ctx.app, { name: 'Ada Lovelace' });
    const res = await account(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Ada Lovelace', email: user.email });
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password with 400 and its sentence, and keeps the old password', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await change(user, 'not my password', 'a brand new password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'wrong_password',
      message: 'Your current password is not right. Please try again.',
    });
    expect((await login(user, user.password)).statusCode).toBe(200);
    expect((await login(user, 'a brand new password')).statusCode).toBe(401);
  });

  it('refuses a weak or blank new password with the shared rule', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await change(user, user.password, '1234567890')).json()).toEqual({
      error: 'weak_password',
      message: 'This password is too common or easy to guess. Please choose another.',
    });
    expect((await change(user, user.password, 'short')).json().message).toBe(
      'The password field must be at least 10 characters long.',
    );
    expect((await change(user, user.password, ' '.repeat(12))).json().message).toBe(
      'The password must not be only spaces.',
    );
    expect((await login(user, user.password)).statusCode).toBe(200);
  });

  it('sets the new password, ends every other session but not this one, and mails the owner', async () => {
    const user = await signUpAndLogin(ctx.app);
    const other = await login(user, user.password);
    const otherTokens = other.json<{ access_token: string; refresh_token: string }>();

    const res = await change(user, user.password, 'a brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed.' });

    expect((await refresh(otherTokens.refresh_token)).statusCode).toBe(401);
    const otherAccount = await ctx.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${otherTokens.access_token}` },
    });
    expect(otherAccount.statusCode).toBe(401);
    expect((await account(user)).statusCode).toBe(200);
    expect((await refresh(user.refresh_token)).statusCode).toBe(200);

    expect((await login(user, user.password)).statusCode).toBe(401);
    expect((await login(user, 'a brand new password')).statusCode).toBe(200);

    const mail = await waitForMail(ctx.deps.config.dataDir, user.email);
    expect(mail.subject).toBe('Your Forwardly password was changed');
    expect(mail.text).toMatch(/every other device was signed out/);
  });

  it('counts wrong current passwords like failed sign-ins, so they cannot be used to guess', async () => {
    const user = await signUpAndLogin(ctx.app);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await change(user, `guess number ${i}`, 'a brand new password')).statusCode);
    expect(answers).toContain(429);
    const refused = await change(user, user.password, 'a brand new password');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many wrong passwords\. Please try again in /);
    expect(readOutbox(ctx.deps.config.dataDir).some((m) => m.to === user.email)).toBe(false);
  });
});
