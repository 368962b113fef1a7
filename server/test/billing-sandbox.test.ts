import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import {
  advanceClock,
  card,
  DECLINED_CARD,
  portalPath,
  postForm,
  sandboxInvoices,
  startTrial,
} from './helpers/billing';
import { createStripeTestApp } from './helpers/stripe-app';
import { daysLeft } from '../../rules/days';

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
const form = (url: string, fields: Record<string, string> = {}) => postForm(ctx.app, url, fields);

describe('sandbox checkout', () => {
  it('has no subscription before checkout', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await status(user)).json()).toEqual({
      has_subscription: false,
      subscription: null,
      billing_time: expect.any(Number),
    });
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
    expect(page.body).toContain('4000 0000 0000 0341');
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

  it("declines Stripe's declined test card with Stripe's sentence, and keeps nothing", async () => {
    const user = await signUpAndLogin(ctx.app);
    const { url } = (await post('/api/billing/create-checkout-session', user)).json();
    const res = await form(new URL(url).pathname, card(DECLINED_CARD));
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    expect((await status(user)).json()).toMatchObject({ has_subscription: false, subscription: null });
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
      billing_time: expect.any(Number),
    });
    const days = (body.subscription.current_period_end * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('opens no second checkout while the subscription is live: the browser goes back to the setup', async () => {
    const user = await signUpAndLogin(ctx.app);
    await startTrial(ctx.app, user);
    const before = (await status(user)).json();
    const res = await post('/api/billing/create-checkout-session', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'http://localhost:3000/checkout/redirect' });
    // The same subscription; the billing clock ticks on meanwhile (a second may pass on a busy machine).
    expect((await status(user)).json()).toEqual({ ...before, billing_time: expect.any(Number) });
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

describe('sandbox test clock and invoices', () => {
  it("gives the account's billing time, which moves with its clock: a trial 11 days on has 3 days left", async () => {
    const user = await signUpAndLogin(ctx.app);
    await startTrial(ctx.app, user);
    const asked = Math.floor(Date.now() / 1000);
    const before = (await status(user)).json();
    expect(before.billing_time).toBeGreaterThanOrEqual(asked);
    expect(before.billing_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(daysLeft(before.subscription.current_period_end, before.billing_time)).toBe(14);

    const clock = await advanceClock(ctx.app, user, 11);
    const after = (await status(user)).json();
    // The sandbox's clock keeps running from where it was moved to, as real time does.
    expect(after.billing_time - clock.frozen_time).toBeGreaterThanOrEqual(0);
    expect(after.billing_time - clock.frozen_time).toBeLessThan(60);
    expect(daysLeft(after.subscription.current_period_end, after.billing_time)).toBe(3);
    // Another account's clock has not moved.
    const other = await signUpAndLogin(ctx.app);
    await startTrial(ctx.app, other);
    expect((await status(other)).json().billing_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it("lists the account's invoices, newest first, as they are issued", async () => {
    const user = await signUpAndLogin(ctx.app);
    expect(await sandboxInvoices(ctx.app, user)).toEqual([]);
    await startTrial(ctx.app, user);
    expect(await sandboxInvoices(ctx.app, user)).toEqual([
      {
        id: expect.stringMatching(/^in_/),
        created: expect.any(Number),
        description: expect.stringContaining('Trial'),
        amount_cents: 0,
        status: 'paid',
      },
    ]);
    const clock = await advanceClock(ctx.app, user, 15);
    expect(clock).toMatchObject({
      frozen_time: expect.any(Number),
      has_subscription: true,
      subscription: { status: 'active' },
    });
    const [year] = await sandboxInvoices(ctx.app, user);
    expect(year).toMatchObject({
      description: 'Forwardly Business Line, 1 year',
      amount_cents: 6000,
      status: 'paid',
    });
    expect(year.created - Date.now() / 1000).toBeGreaterThan(13.9 * 86_400);
    // The portal shows the same invoices and the card on file.
    const page = await ctx.app.inject({ method: 'GET', url: await portalPath(ctx.app, user) });
    expect(page.body).toContain('Forwardly Business Line, 1 year');
    expect(page.body).toContain('Visa ending in');
  });

  it('needs the bearer token of the account it acts on', async () => {
    const advance = (days: number, headers = {}) =>
      ctx.app.inject({ method: 'POST', url: '/api/sandbox/clock', headers, payload: { advance_days: days } });
    expect((await advance(1)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sandbox/invoices' })).statusCode).toBe(401);
    const stranger = await signUpAndLogin(ctx.app);
    const res = await advance(1, stranger.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('no_subscription');
    expect((await advance(0, stranger.headers)).statusCode).toBe(400);
  });

  it('answers 404 for every sandbox billing route unless BILLING=sandbox', async () => {
    const stripe = await createStripeTestApp();
    try {
      const user = await signUpAndLogin(stripe.app);
      for (const [method, url] of [
        ['POST', '/api/sandbox/clock'],
        ['GET', '/api/sandbox/invoices'],
        ['GET', '/api/sandbox/checkout/cs_x'],
        ['GET', '/api/sandbox/portal/bps_x'],
      ] as const) {
        const res = await stripe.app.inject({
          method,
          url,
          headers: user.headers,
          payload: method === 'POST' ? { advance_days: 1 } : undefined,
        });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await stripe.close();
    }
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
