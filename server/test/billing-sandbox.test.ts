import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { startTrial } from './helpers/billing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const json = { 'content-type': 'application/json' };
const status = (user: TestUser) =>
  ctx.app.inject({ method: 'GET', url: '/api/billing/subscription-status', headers: user.headers });
const post = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...user.headers, ...json } });
const form = (url: string, fields: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('sandbox checkout', () => {
  it('has no subscription before checkout', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await status(user)).json()).toEqual({ has_subscription: false, subscription: null });
  });

  it('answers a checkout page with a labelled card form, a "Start trial" button and a Cancel link', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await post('/api/billing/create-checkout-session', user);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin).toBe('http://localhost:3000');
    const page = await ctx.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const [id, label] of [
      ['card_number', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
    ]) {
      expect(page.body).toContain(`<label for="${id}">${label}</label>`);
      expect(page.body).toContain(`id="${id}"`);
    }
    expect(page.body).toContain('<button type="submit">Start trial</button>');
    expect(page.body).toContain('href="http://localhost:3000/checkout/cancel">Cancel</a>');
    expect(page.body).toContain('name="viewport"');
  });

  it('shows the problem and charges nothing for an invalid card', async () => {
    const user = await signUpAndLogin(ctx.app);
    const { url } = (await post('/api/billing/create-checkout-session', user)).json();
    const res = await form(new URL(url).pathname, {
      card_number: '4242 4242 4242 4241',
      expiry: '12/34',
      cvc: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('The card number is not valid.');
    expect((await status(user)).json().has_subscription).toBe(false);
  });

  it('starts a 14-day trial and returns to the app with the session id', async () => {
    const user = await signUpAndLogin(ctx.app);
    const location = new URL(await startTrial(ctx.app, user));
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/checkout/redirect');
    expect(location.searchParams.get('session_id')).toBeTruthy();
    const body = (await status(user)).json();
    expect(body).toEqual({
      has_subscription: true,
      subscription: {
        status: 'trialing',
        current_period_end: expect.any(Number),
        cancel_at_period_end: false,
      },
    });
    const days = (body.subscription.current_period_end * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('refuses a second checkout while the subscription is live', async () => {
    const user = await signUpAndLogin(ctx.app);
    await startTrial(ctx.app, user);
    const res = await post('/api/billing/create-checkout-session', user);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('already_subscribed');
  });

  it('answers 404 pages for forged or expired checkout links', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sandbox/checkout/forged' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await form('/api/sandbox/checkout/forged', {
          card_number: '4242424242424242',
          expiry: '12/34',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('sandbox portal', () => {
  it('answers 404 when there is nothing to manage yet', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await post('/api/billing/create-portal-session', user);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'no_subscription', message: expect.any(String) });
  });

  it('shows the plan and lets the user cancel at period end, then resume', async () => {
    const user = await signUpAndLogin(ctx.app);
    await startTrial(ctx.app, user);
    const { url } = (await post('/api/billing/create-portal-session', user)).json();
    const path = new URL(url).pathname;
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Free trial');
    expect(page.body).toContain('$60.00 a year');
    expect(page.body).toContain('href="http://localhost:3000/settings">Back to settings</a>');

    const cancelled = await form(`${path}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(path);
    // Cancelled at period end: the account keeps its plan until then.
    expect((await status(user)).json()).toMatchObject({
      has_subscription: true,
      subscription: { status: 'trialing', cancel_at_period_end: true },
    });
    expect((await ctx.app.inject({ method: 'GET', url: path })).body).toContain('Resume subscription');

    await form(`${path}/resume`);
    expect((await status(user)).json().subscription.cancel_at_period_end).toBe(false);
  });
});

describe('billing authorization', () => {
  it('answers 401 without a signed-in user', async () => {
    for (const [method, url] of [
      ['POST', '/api/billing/create-checkout-session'],
      ['POST', '/api/billing/create-portal-session'],
      ['GET', '/api/billing/subscription-status'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('never shows or changes another user’s subscription', async () => {
    const alice = await signUpAndLogin(ctx.app);
    const bob = await signUpAndLogin(ctx.app);
    await startTrial(ctx.app, alice);
    expect((await status(bob)).json().has_subscription).toBe(false);
    expect((await post('/api/billing/create-portal-session', bob)).statusCode).toBe(404);
  });
});
