import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { subscriptions } from '../src/db/schema';
import { advanceClock } from '../src/sandbox/billing/stripe/hosted';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { billingRetriesDue, card } from './helpers/billing';
import { runBillingTasks } from '../src/billing/work';
import { signedEvent } from './helpers/fake-stripe';
import { checkedOutCustomer, createStripeTestApp } from './helpers/stripe-app';
import { stripeAdapter } from '../src/providers/billing/stripe/billing';

let ctx: Awaited<ReturnType<typeof createStripeTestApp>>;
beforeAll(async () => {
  ctx = await createStripeTestApp();
});
afterAll(() => ctx.close());
afterEach(() => ctx.fake.clearOverrides());

const post = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...user.headers, 'content-type': 'application/json' } });
const status = async (user: TestUser) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription-status', headers: user.headers })
  ).json();
// Two checkouts of one account, completed a minute apart (Stripe's `created` is in whole seconds);
// `between` runs after the first. The app leaves one checkout open at a time, so the second is the
// same session made at Stripe directly, as two requests at once could make it.
async function twoCheckouts(between = async () => {}) {
  const { user, url, customer, userId } = await checkedOutCustomer(ctx);
  const params = lastSession().body as Stripe.Checkout.SessionCreateParams;
  const second = (await ctx.fake.sandbox.checkout.sessions.create(params)).url;
  await ctx.fake.completeCheckout(url, card());
  await between();
  const now = await ctx.fake.sandbox.withCustomer(customer, async (c) => c.now);
  await advanceClock(ctx.fake.sandbox, customer, now + 60, async () => null);
  await ctx.fake.completeCheckout(second, card());
  // Newest first: the account's subscription, then the one it replaces.
  const statuses = async () => {
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const { data } = await ctx.fake.sandbox.subscriptions.list({ customer });
    expect(data[0].id).toBe(row.subscriptionId);
    return data.map((sub) => sub.status);
  };
  return { user, statuses };
}
// An account that subscribed, then whose subscription Stripe cancelled, both delivered: it and the
// ended subscription's id.
async function endedSubscriber() {
  const { user, url, userId } = await checkedOutCustomer(ctx);
  await ctx.fake.completeCheckout(url, card());
  await ctx.fake.deliver(ctx);
  const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  await ctx.fake.sandbox.subscriptions.cancel(row.subscriptionId!);
  await ctx.fake.deliver(ctx);
  return { user, userId, ended: row.subscriptionId! };
}
const lastSession = () => ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).at(-1)!;
const event = (type: string, object: object) =>
  signedEvent(ctx.fake, {
    id: `evt_test_${Math.random()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

describe('Stripe checkout and portal', () => {
  it('creates the customer once and a subscription-mode checkout with a 14-day trial and card collection', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await post('/api/billing/create-checkout-session', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/api\/sandbox\/checkout\/cs_/);
    const customer = ctx.fake.calls('POST', /^\/v1\/customers$/).at(-1)!;
    expect(customer.body).toMatchObject({ email: user.email });
    expect(customer.idempotencyKey).toMatch(/^customer-/);
    expect(lastSession().body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_sandbox_yearly', quantity: 1 }],
      payment_method_collection: 'always',
      subscription_data: { trial_period_days: 14, metadata: { user_id: expect.any(String) } },
      success_url: 'http://localhost:3000/checkout/redirect?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/checkout/cancel',
    });

    const customers = ctx.fake.calls('POST', /^\/v1\/customers$/).length;
    await post('/api/billing/create-checkout-session', user);
    expect(ctx.fake.calls('POST', /^\/v1\/customers$/)).toHaveLength(customers);
  });

  it('reads the subscription from Stripe when the user is back before the webhook', async () => {
    const { user, url } = await checkedOutCustomer(ctx);
    await ctx.fake.completeCheckout(url, card());
    // No webhook delivered yet.
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'trialing' },
    });
  });

  it("reads a returning customer's new subscription from Stripe before its webhook, so no second year is sold", async () => {
    const { user } = await endedSubscriber();

    const again = await post('/api/billing/create-checkout-session', user);
    await ctx.fake.completeCheckout(again.json().url, card());
    // Back from paying the year, no webhook delivered yet.
    expect(await status(user)).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
    const sessions = ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).length;
    const retry = await post('/api/billing/create-checkout-session', user);
    expect(retry.json()).toEqual({ url: 'http://localhost:3000/checkout/redirect' });
    expect(ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(sessions);
  });

  it('leaves an ended subscription as it is when Stripe has no live one, and answers from it when Stripe fails', async () => {
    const { user, userId } = await endedSubscriber();
    const row = async () =>
      (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
    const before = await row();
    const writes = ctx.fake.requests.filter((r) => r.method !== 'GET').length;
    const ended = { has_subscription: false, subscription: { status: 'canceled' } };
    expect(await status(user)).toMatchObject(ended);
    expect(await row()).toEqual(before);
    expect(ctx.fake.requests.filter((r) => r.method !== 'GET')).toHaveLength(writes);

    ctx.fake.failNext('GET', /^\/v1\/subscriptions$/);
    expect(await status(user)).toMatchObject(ended);
  });

  it('takes a checkout paid just as a new one starts for what it is: its subscription, no second checkout', async () => {
    const { user, url } = await checkedOutCustomer(ctx);
    // The customer pays in the other tab as the new checkout ends the open ones: Stripe refuses to
    // expire a session that is no longer open.
    ctx.fake.override('POST', /^\/v1\/checkout\/sessions\/[^/]+\/expire$/, async () => {
      await ctx.fake.completeCheckout(url, card());
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
          },
        },
      };
    });
    const sessions = ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).length;
    const again = await post('/api/billing/create-checkout-session', user);
    expect(again.json()).toEqual({ url: 'http://localhost:3000/checkout/redirect' });
    expect(ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(sessions);
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'trialing' },
    });
  });

  it('answers 502 when an open checkout cannot be ended, and opens no other', async () => {
    const { user } = await checkedOutCustomer(ctx);
    ctx.fake.failNext('POST', /^\/v1\/checkout\/sessions\/[^/]+\/expire$/);
    const sessions = ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).length;
    const again = await post('/api/billing/create-checkout-session', user);
    expect(again.statusCode).toBe(502);
    expect(ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(sessions);
  });

  it('leaves one checkout open at a time: a new one expires the last, which can no longer be paid', async () => {
    const expiries = () =>
      ctx.fake.calls('POST', /^\/v1\/checkout\/sessions\/[^/]+\/expire$/).map((r) => r.path);
    const { user, url } = await checkedOutCustomer(ctx);
    const before = expiries().length;
    const newer = (await post('/api/billing/create-checkout-session', user)).json().url;
    expect(expiries().slice(before)).toEqual([`/v1/checkout/sessions/${url.split('/').pop()}/expire`]);
    expect(await ctx.fake.completeCheckout(url, card())).toEqual({
      error: 'This checkout has ended. Go back and start again.',
    });
    expect(await ctx.fake.completeCheckout(newer, card())).toHaveProperty('redirect');
    await ctx.fake.deliver(ctx);
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'trialing' },
    });
  });

  it('opens the customer portal in the configuration the set-up check passed, with a way back to the settings', async () => {
    const { user } = await checkedOutCustomer(ctx);
    const res = await post('/api/billing/create-portal-session', user);
    expect(res.json().url).toMatch(/\/api\/sandbox\/portal\/bps_/);
    // Without `configuration` Stripe would use the account's default one, whatever it allows.
    expect(ctx.fake.calls('POST', /^\/v1\/billing_portal\/sessions$/).at(-1)!.body).toEqual({
      customer: expect.stringMatching(/^cus_/),
      configuration: 'bpc_sandbox',
      return_url: 'http://localhost:3000/settings',
    });
  });

  it("gives a customer on a test clock the clock's frozen time as its billing time, and others real time", async () => {
    const clock = await ctx.fake.sandbox.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000),
    });
    // The customer is made on the test clock, as `npm run verify:stripe` makes its customers.
    ctx.fake.override('POST', /^\/v1\/customers$/, async (req) => ({
      body: await ctx.fake.sandbox.customers.create({ ...req.body, test_clock: clock.id }),
    }));
    const { user, url } = await checkedOutCustomer(ctx);
    await ctx.fake.completeCheckout(url, card());
    await ctx.fake.deliver(ctx);
    const frozen = clock.frozen_time + 11 * 86_400;
    await ctx.fake.sandbox.testHelpers.testClocks.advance(clock.id, { frozen_time: frozen });
    const trial = await status(user);
    expect(trial.billing_time).toBe(frozen);
    expect(trial.subscription.current_period_end - frozen).toBe(3 * 86_400);
    expect(ctx.fake.calls('GET', /^\/v1\/customers\/cus_/).at(-1)!.body).toEqual({ expand: ['test_clock'] });

    // Only a trial counts days: once the year is paid, a status check asks Stripe for no clock.
    expect((await post('/api/billing/end-trial', user)).statusCode).toBe(200);
    const clockReads = ctx.fake.calls('GET', /^\/v1\/customers\/cus_/).length;
    const paid = await status(user);
    expect(paid.subscription.status).toBe('active');
    expect(paid.billing_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(ctx.fake.calls('GET', /^\/v1\/customers\/cus_/).length).toBe(clockReads);

    const other = await checkedOutCustomer(ctx);
    const asked = Math.floor(Date.now() / 1000);
    const { billing_time } = await status(other.user);
    expect(billing_time).toBeGreaterThanOrEqual(asked);
    expect(billing_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it("gives a live key's customers real time without asking Stripe: test clocks are test mode's", async () => {
    const live = stripeAdapter(ctx.fake.client(), {
      priceId: 'price_live',
      appUrl: 'http://localhost:3000',
      production: true,
      liveKey: true,
    });
    const asked = Math.floor(Date.now() / 1000);
    const before = ctx.fake.requests.length;
    const now = await live.customerNow('cus_live');
    expect(now).toBeGreaterThanOrEqual(asked);
    expect(now).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(ctx.fake.requests.length).toBe(before);
  });

  it('answers 502 with a sentence when Stripe fails', async () => {
    const user = await signUpAndLogin(ctx.app);
    ctx.fake.failNext('POST', /^\/v1\/customers$/);
    const res = await post('/api/billing/create-checkout-session', user);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'provider_error',
      message: expect.stringMatching(/payment provider/),
    });
  });
});

describe('Stripe webhooks', () => {
  it('refuses a delivery without a valid signature', async () => {
    const forged = signedEvent(
      ctx.fake,
      { id: 'evt_forged', type: 'customer.subscription.updated' },
      'whsec_wrong',
    );
    const res = await ctx.app.inject(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_signature');
    const unsigned = await ctx.app.inject({ ...forged, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
  });

  it('answers at once and handles the event after: a Stripe that hangs never holds up the answer', async () => {
    const { url, userId } = await checkedOutCustomer(ctx);
    await ctx.fake.completeCheckout(url, card());
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    ctx.fake.override(
      'GET',
      /^\/v1\/subscriptions\//,
      async (req) => {
        await held;
        return { body: await ctx.fake.sandbox.subscriptions.retrieve(req.path.split('/').pop()!, req.body) };
      },
      { once: false },
    );
    const completed = (
      await ctx.fake.sandbox.events.list({ types: ['checkout.session.completed'], limit: 1 })
    ).data[0];
    // Stripe's read of the subscription hangs, yet the webhook is answered.
    expect((await ctx.app.inject(event('checkout.session.completed', completed.data.object))).json()).toEqual(
      {
        received: true,
      },
    );
    const row = async () =>
      (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
    expect(await row()).toMatchObject({ status: 'incomplete' });
    answer();
    await runBillingTasks(ctx.deps, ctx.app.log);
    expect(await row()).toMatchObject({ status: 'trialing' });
  });

  it('handles an event whose handling failed when its work runs again, its redelivery meanwhile a duplicate', async () => {
    const { url, userId } = await checkedOutCustomer(ctx);
    await ctx.fake.completeCheckout(url, card());
    const row = async () =>
      (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
    // Stripe fails every read of the subscription: the events' handling throws (each sent twice).
    const over = ctx.fake.outage('GET', /^\/v1\/subscriptions\//);
    await ctx.fake.deliver(ctx).finally(over);
    expect(await row()).toMatchObject({ status: 'incomplete' });
    const [completed] = (
      await ctx.fake.sandbox.events.list({ types: ['checkout.session.completed'], limit: 1 })
    ).data;
    expect((await ctx.app.inject(signedEvent(ctx.fake, completed))).json()).toEqual({
      received: true,
      duplicate: true,
    });

    await billingRetriesDue(ctx.deps.db);
    await runBillingTasks(ctx.deps, ctx.app.log);
    expect(await row()).toMatchObject({ status: 'trialing' });
  });

  it('acknowledges a redelivery without asking Stripe again, and events it does not use', async () => {
    const { url, userId } = await checkedOutCustomer(ctx);
    await ctx.fake.completeCheckout(url, card());
    await ctx.fake.deliver(ctx);
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const updated = event('customer.subscription.updated', { id: row.subscriptionId });
    expect((await ctx.app.inject(updated)).json()).toEqual({ received: true });
    await runBillingTasks(ctx.deps, ctx.app.log);
    const reads = ctx.fake.calls('GET', /^\/v1\/subscriptions\//).length;
    expect((await ctx.app.inject(updated)).json()).toEqual({ received: true, duplicate: true });
    await runBillingTasks(ctx.deps, ctx.app.log);
    expect(ctx.fake.calls('GET', /^\/v1\/subscriptions\//)).toHaveLength(reads);
    expect((await ctx.app.inject(event('customer.created', { id: 'cus_x' }))).statusCode).toBe(200);
  });

  it('cancels the older of two subscriptions at once, and again when Stripe failed the first cancel', async () => {
    const { user, statuses } = await twoCheckouts(async () => void (await ctx.fake.deliver(ctx)));
    const over = ctx.fake.outage('DELETE', /^\/v1\/subscriptions\//);
    await ctx.fake.deliver(ctx).finally(over);
    // Nothing cancelled yet, so the account stays on the older subscription meanwhile.
    const customer = ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body.customer as string;
    const stillBoth = await ctx.fake.sandbox.subscriptions.list({ customer });
    expect(stillBoth.data.map((sub) => sub.status)).toEqual(['trialing', 'trialing']);
    // The events' work is tried again once its back-off is over (the older subscription has no
    // event left to deliver).
    await billingRetriesDue(ctx.deps.db);
    await ctx.fake.deliver(ctx);
    expect(await statuses()).toEqual(['active', 'canceled']);
    expect(await status(user)).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
  });

  it("cancels an older subscription still live when the newer one's events came first", async () => {
    const { user, statuses } = await twoCheckouts();
    await ctx.fake.deliver(ctx, { reversed: true });
    expect(await statuses()).toEqual(['trialing', 'canceled']);
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'trialing' },
    });
  });

  it("never lets an older subscription's late events overwrite the current one", async () => {
    const { user, ended } = await endedSubscriber();
    expect(await status(user)).toMatchObject({
      has_subscription: false,
      subscription: { status: 'canceled' },
    });

    const again = await post('/api/billing/create-checkout-session', user);
    await ctx.fake.completeCheckout(again.json().url, card());
    await ctx.fake.deliver(ctx);
    expect(await status(user)).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });

    // The old subscription's events arrive again, late: nothing changes.
    for (const type of ['customer.subscription.deleted', 'customer.subscription.updated']) {
      expect((await ctx.app.inject(event(type, { id: ended }))).statusCode).toBe(200);
    }
    expect(await status(user)).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
  });
});
