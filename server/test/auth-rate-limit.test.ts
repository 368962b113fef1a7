import { createTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
});
afterAll(() => ctx.close());

it('answers 429 with a sentence once a client passes the auth rate limit', async () => {
  const attempt = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.com', password: 'guess' },
    });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
  expect(statuses).toEqual([401, 401, 401, 429]);
  expect((await attempt()).json()).toEqual({
    error: 'too_many_requests',
    message: 'Too many attempts. Please wait a minute and try again.',
  });
});

it('counts each auth route separately', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-reset-password',
    payload: { email: 'someone@example.com' },
  });
  expect(res.statusCode).toBe(200);
});
