import { signUpAndLogin, type TestUser } from './helpers/auth';
import { stripeSubscription } from './helpers/fake-stripe';
import { createStripeTestApp, signedEvent, checkedOutCustomer } from './helpers/stripe-app';

let ctx: Awaited<ReturnType<typeof createStripeTestApp>>;
beforeAll(async () => {
  ctx = await createStripeTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, user: TestUser) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...user.headers, 'content-type': 'application/json' } });
const status = async (user: TestUser) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription-status', headers: user.headers })
  ).json();
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

const checkedOutUser = () => checkedOutCustomer(ctx);

describe('Stripe checkout and portal', () => {
  it('creates a customer and a subscription-mode checkout with a 14-day trial and card collection', async () => {
    const user = await signUpAndLogin(ctx.app);
    const res = await post('/api/billing/create-checkout-session', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    expect(ctx.fake.calls('POST', /^\/v1\/customers$/).at(-1)!.body).toMatchObject({ email: user.email });
    expect(ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_yearly',
      'line_items[0][quantity]': '1',
      payment_method_collection: 'always',
      'subscription_data[trial_period_days]': '14',
      success_url: 'http://localhost:3000/checkout/redirect?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/checkout/cancel',
    });
  });

  it('reuses the customer on a second checkout', async () => {
    const { user } = await checkedOutUser();
    const customersBefore = ctx.fake.calls('POST', /^\/v1\/customers$/).length;
    await post('/api/billing/create-checkout-session', user);
    expect(ctx.fake.calls('POST', /^\/v1\/customers$/)).toHaveLength(customersBefore);
  });

  it('reads the subscription from Stripe when the user is back before the webhook', async () => {
    const { user, customer, userId } = await checkedOutUser();
    const periodEnd = inDays(14);
    ctx.subscriptions.set(
      'sub_early',
      stripeSubscription({ id: 'sub_early', customer, status: 'trialing', periodEnd, userId }),
    );
    expect(await status(user)).toEqual({
      has_subscription: true,
      subscription: { status: 'trialing', current_period_end: periodEnd, cancel_at_period_end: false },
    });
  });

  it('opens the customer portal with a way back to the settings', async () => {
    const { user } = await checkedOutUser();
    const res = await post('/api/billing/create-portal-session', user);
    expect(res.json()).toEqual({ url: 'https://billing.stripe.test/p/session/bps_1' });
    expect(ctx.fake.calls('POST', /^\/v1\/billing_portal\/sessions$/).at(-1)!.body).toMatchObject({
      return_url: 'http://localhost:3000/settings',
    });
  });

  it('answers 502 with a sentence when Stripe fails', async () => {
    const user = await signUpAndLogin(ctx.app);
    ctx.fake.on('POST', /^\/v1\/customers$/, () => ({ error: { type: 'api_error', message: 'boom' } }), 500);
    const res = await post('/api/billing/create-checkout-session', user);
    ctx.fake.handlers.shift();
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
      'evt_forged',
      'customer.subscription.updated',
      { id: 'sub_x' },
      'whsec_wrong',
    );
    const res = await ctx.app.inject(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_signature');
    const unsigned = await ctx.app.inject({ ...forged, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
  });

  it('keeps the subscription true through checkout, cancellation and deletion, once per event', async () => {
    const { user, customer, userId } = await checkedOutUser();
    const sub = stripeSubscription({ id: 'sub_hooks', customer, status: 'trialing', periodEnd: inDays(14) });
    const session = {
      id: 'cs_1',
      object: 'checkout.session',
      client_reference_id: userId,
      customer,
      subscription: 'sub_hooks',
    };
    ctx.subscriptions.set('sub_hooks', sub);
    const completed = signedEvent(ctx.fake, 'evt_completed', 'checkout.session.completed', session);
    expect((await ctx.app.inject(completed)).statusCode).toBe(200);
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'trialing' },
    });

    // A redelivery is acknowledged and does nothing: Stripe is not even asked again.
    const reads = ctx.fake.calls('GET', /^\/v1\/subscriptions\/sub_hooks$/).length;
    expect((await ctx.app.inject(completed)).json()).toEqual({ received: true, duplicate: true });
    expect(ctx.fake.calls('GET', /^\/v1\/subscriptions\/sub_hooks$/)).toHaveLength(reads);

    ctx.subscriptions.set('sub_hooks', { ...sub, cancel_at_period_end: true });
    await ctx.app.inject(
      signedEvent(ctx.fake, 'evt_updated', 'customer.subscription.updated', { id: 'sub_hooks' }),
    );
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { cancel_at_period_end: true },
    });

    ctx.subscriptions.set('sub_hooks', { ...sub, status: 'canceled' });
    await ctx.app.inject(
      signedEvent(ctx.fake, 'evt_deleted', 'customer.subscription.deleted', { id: 'sub_hooks' }),
    );
    expect(await status(user)).toMatchObject({
      has_subscription: false,
      subscription: { status: 'canceled' },
    });
  });

  it('acknowledges events it does not use', async () => {
    const res = await ctx.app.inject(signedEvent(ctx.fake, 'evt_other', 'invoice.paid', { id: 'in_9' }));
    expect(res.statusCode).toBe(200);
  });
});
