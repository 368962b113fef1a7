import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const register = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
  acceptTerms: true,
};

describe('POST /api/auth/register', () => {
  it('creates an account and answers 201 without the password', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('refuses a second account with the same email in another case with 409', async () => {
    const res = await register({ ...valid, email: 'ADA@Example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'email_taken', message: expect.stringMatching(/already exists/) });
  });

  it.each([
    [{ ...valid, email: 'b@example.com', acceptTerms: false }, /accept the terms/],
    [
      { ...valid, email: 'c@example.com', password: 'short' },
      /password field must be at least 10 characters/,
    ],
    [{ ...valid, email: 'not an email' }, /email field must be a valid email address/],
    [{ ...valid, email: ' e@example.com' }, /email field must be a valid email address/],
    [{ name: 'No Email', password: 'long enough', acceptTerms: true }, /email field is required/],
    [{ ...valid, email: 'd@example.com', name: '   ' }, /name field is required/],
  ])('answers 400 with a sentence for bad input %#', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), message: expect.stringMatching(message) });
  });

  // The probes' passwords, and the rules' other edges (rules/passwords.ts).
  it.each([
    ['12345678', 'The password field must be at least 10 characters long.'],
    ['password', 'The password field must be at least 10 characters long.'],
    ['        ', 'The password field must be at least 10 characters long.'],
    [' '.repeat(12), 'The password must not be only spaces.'],
    ['1234567890', 'This password is too common or easy to guess. Please choose another.'],
    ['password12', 'This password is too common or easy to guess. Please choose another.'],
    ['qwertyuiop', 'This password is too common or easy to guess. Please choose another.'],
  ])(
    'refuses the password %j with 400 and a precise sentence, creating no account',
    async (password, message) => {
      const email = `weak-${Buffer.from(password).toString('hex')}@example.com`;
      const res = await register({ ...valid, email, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), message });
      expect((await register({ ...valid, email })).statusCode).toBe(201);
    },
  );

  it('answers 400 for a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'The request body is not valid JSON.' });
  });

  it('treats an empty JSON body as an empty object', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The name field is required.');
  });
});

describe('POST /api/auth/login', () => {
  it('answers an access token and a refresh token', async () => {
    const res = await login({ email: 'Ada@example.com', password: 'analytical engine' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const wrong = await login({ email: 'ada@example.com', password: 'difference engine' });
    const unknown = await login({ email: 'nobody@example.com', password: 'analytical engine' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('lets the new access token through the guard', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(res.statusCode).toBe(204);
  });
});
