import { eq } from 'drizzle-orm';
import { findJob } from '../src/jobs/schedule';
import { subscriptions, usageCharges, usageMonths } from '../src/db/schema';
import { advanceClock, invoiceSummaries } from '../src/sandbox/billing/stripe/hosted';
import { realNow } from '../src/sandbox/billing/stripe/context';
import { freshTestCard } from '../src/sandbox/billing/stripe/cards';
import { SANDBOX_PRICE } from '../src/sandbox/billing/stripe/objects';
import { billUsage } from '../src/billing/charges/bill-usage';
import { monthOf } from '../src/usage/months';
import { card } from './helpers/billing';
import { giveNumber, postWebhook } from './helpers/telephony';
import { checkedOutCustomer, createStripeTestApp } from './helpers/stripe-app';

// Stripe moves subscriptions on asynchronously and delivers its events late, twice, out of order,
// or (after 3 days of retries) never: service follows Stripe's status with grace, and the daily job
// repairs what a lost event would leave wrong.

let ctx: Awaited<ReturnType<typeof createStripeTestApp>>;
beforeAll(async () => {
  ctx = await createStripeTestApp();
});
afterAll(() => ctx.close());

const DAY = 86_400;
let numbers = 0;
const json = { 'content-type': 'application/json' };
const status = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription-status', headers })).json();
const voice = (number: string) =>
  postWebhook(ctx, '/api/twilio/voice', {
    CallSid: `CAev${number}${Math.random()}`,
    From: '+12125550111',
    To: number,
  }).then((r) => r.body);
const phoneNumber = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers })).json().phone_number;
const paidYear = async (customer: string) =>
  (await invoiceSummaries(ctx.fake.sandbox, customer)).filter((i) => i.amount_cents === 6000);
const rowOf = async (userId: string) =>
  (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const syncJob = () => findJob('sync-subscriptions')!.run(ctx.deps, ctx.app.log);

// A customer through checkout with a number; `clockDays` sets its Stripe test clock that far from
// today (negative: in the past) before the checkout.
async function subscriberWithNumber(clockDays = 0) {
  const customer = await checkedOutCustomer(ctx);
  if (clockDays) {
    await ctx.fake.sandbox.withCustomer(customer.customer, (c) =>
      c.store.save({ ...c.customer, sandbox_clock_offset: clockDays * DAY }),
    );
  }
  await ctx.fake.completeCheckout(customer.url, card());
  await ctx.fake.deliver(ctx);
  const number = `+1${628 + numbers++}5550100`;
  await giveNumber(ctx, customer.user, number, '+16505550123');
  return { ...customer, number };
}

it('checks out with cards only, so a trial cannot be had with a bank account (no card fingerprint)', async () => {
  const { url } = await checkedOutCustomer(ctx);
  expect(ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body).toMatchObject({
    allowed_payment_method_types: ['card'],
  });
  expect(await ctx.fake.completeCheckout(url, 'us_bank_account')).toEqual({
    error: 'This checkout accepts cards only.',
  });
});

it('gives one trial per card: a second account checking out with the same card pays its year at once', async () => {
  const cardNumber = freshTestCard();
  const first = await checkedOutCustomer(ctx);
  await ctx.fake.completeCheckout(first.url, card(cardNumber));
  await ctx.fake.deliver(ctx);
  const second = await checkedOutCustomer(ctx);
  await ctx.fake.completeCheckout(second.url, card(cardNumber));
  await ctx.fake.deliver(ctx);
  expect(await status(first.user.headers)).toMatchObject({ subscription: { status: 'trialing' } });
  expect(await status(second.user.headers)).toMatchObject({
    has_subscription: true,
    subscription: { status: 'active' },
  });
  expect(await paidYear(second.customer)).toEqual([expect.objectContaining({ status: 'paid' })]);
});

it('ends at once a trial begun without a card (a bank account, in a checkout not made by the app)', async () => {
  // A checkout made at Stripe (say, from its dashboard) offers every method the account has on.
  const { user, customer, userId } = await checkedOutCustomer(ctx);
  const session = await ctx.fake.sandbox.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: [{ price: SANDBOX_PRICE.id, quantity: 1 }],
    subscription_data: { trial_period_days: 14, metadata: { user_id: userId } },
  });
  expect(await ctx.fake.completeCheckout(session.url, 'us_bank_account')).toHaveProperty('redirect');
  await ctx.fake.deliver(ctx);
  expect(await status(user.headers)).toMatchObject({
    has_subscription: true,
    subscription: { status: 'active' },
  });
  expect(await paidYear(customer)).toEqual([expect.objectContaining({ status: 'paid' })]);
});

it('keeps calls through a trial end Stripe has not rolled over yet, and through its late events', async () => {
  // The trial ended yesterday by the clock, but Stripe has not moved the subscription on yet.
  const { user, customer, userId, number } = await subscriberWithNumber(-15);
  const trial = await status(user.headers);
  expect(trial).toMatchObject({ has_subscription: true, subscription: { status: 'trialing' } });
  expect(trial.subscription.current_period_end).toBeLessThan(realNow());
  expect(await voice(number)).toContain('<Dial');
  // Nothing to buy meanwhile: no second year is sold.
  const sessions = ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).length;
  const again = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: { ...user.headers, ...json },
  });
  expect(again.json()).toEqual({ url: 'http://localhost:3000/checkout/redirect' });
  expect(ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/)).toHaveLength(sessions);

  // Stripe rolls the period over now; its events have not come yet.
  await advanceClock(ctx.fake.sandbox, customer, realNow(), async () => null);
  expect(await voice(number)).toContain('<Dial');
  await ctx.fake.deliver(ctx);
  expect(await rowOf(userId)).toMatchObject({ status: 'active' });
  expect((await status(user.headers)).subscription.current_period_end).toBeGreaterThan(realNow() + 360 * DAY);
});

it('gives 3 days of grace after the period end, not more, when Stripe says nothing', async () => {
  // The trial ended 4 days ago by the clock, and Stripe has not moved the subscription on since.
  const { user, url, customer, userId } = await checkedOutCustomer(ctx);
  await ctx.fake.sandbox.withCustomer(customer, (c) =>
    c.store.save({ ...c.customer, sandbox_clock_offset: -18 * DAY }),
  );
  await ctx.fake.completeCheckout(url, card());
  await ctx.fake.deliver(ctx);
  expect(await rowOf(userId)).toMatchObject({ status: 'trialing' });
  expect(await status(user.headers)).toMatchObject({
    has_subscription: false,
    subscription: { status: 'trialing' },
  });
  const bought = await ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/purchase-number',
    headers: user.headers,
    payload: { twilio_number: '+16495550100' },
  });
  expect(bought.json()).toMatchObject({ error: 'subscription_required' });
});

it('keeps service for 3 days after a period end Stripe has not moved on, to within minutes either side', async () => {
  const TEN_MINUTES = 10 / (24 * 60);
  // The 14-day trial ended 3 days less ten minutes ago: still in service, calls ring through.
  const inGrace = await subscriberWithNumber(-17 + TEN_MINUTES);
  expect(await status(inGrace.user.headers)).toMatchObject({
    has_subscription: true,
    subscription: { status: 'trialing' },
  });
  expect(await voice(inGrace.number)).toContain('<Dial');
  // Ten minutes past the 3 days: out of service, its calls refused.
  const past = await checkedOutCustomer(ctx);
  await ctx.fake.sandbox.withCustomer(past.customer, (c) =>
    c.store.save({ ...c.customer, sandbox_clock_offset: (-17 - TEN_MINUTES) * DAY }),
  );
  await ctx.fake.completeCheckout(past.url, card());
  await ctx.fake.deliver(ctx);
  expect(await status(past.user.headers)).toMatchObject({
    has_subscription: false,
    subscription: { status: 'trialing' },
  });
});

it('repairs a cancellation whose event never came with the daily job: service ends, the number is held', async () => {
  const { user, customer, userId, number } = await subscriberWithNumber();
  const sub = (await rowOf(userId)).subscriptionId!;
  await ctx.fake.sandbox.subscriptions.cancel(sub);
  // Stripe retried for 3 days, then gave up delivering the cancellation.
  await ctx.fake.deliver(ctx, { lose: (e) => e.type.startsWith('customer.subscription.') });
  expect(await rowOf(userId)).toMatchObject({ status: 'trialing' });
  expect(await voice(number)).toContain('<Dial');

  await expect(syncJob()).resolves.toMatchObject({ changed: 1 });
  expect(await status(user.headers)).toMatchObject({
    has_subscription: false,
    subscription: { status: 'canceled' },
  });
  expect(await voice(number)).toContain('<Reject reason="rejected"/>');
  const held = await ctx.app.inject({
    method: 'GET',
    url: '/api/dashboard/phone-number',
    headers: user.headers,
  });
  expect(held.json()).toMatchObject({ phone_number: { phone_number: number } });
  // Run again, nothing more changes; the lost events, replayed, change nothing either.
  await expect(syncJob()).resolves.toMatchObject({ changed: 0 });
  void customer;
});

it('gives the held number back in service to a customer who subscribes again within the 30 days', async () => {
  const { user, userId, number } = await subscriberWithNumber();
  await ctx.fake.sandbox.subscriptions.cancel((await rowOf(userId)).subscriptionId!);
  await ctx.fake.deliver(ctx);
  expect(await voice(number)).toContain('<Reject reason="rejected"/>');
  const held = await phoneNumber(user.headers);
  expect(held).toMatchObject({ phone_number: number, held_until: expect.any(Number) });
  expect(held.held_until - realNow()).toBeGreaterThan(29 * DAY);

  const again = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: { ...user.headers, ...json },
  });
  await ctx.fake.completeCheckout(again.json().url, card());
  await ctx.fake.deliver(ctx);
  expect(await status(user.headers)).toMatchObject({
    has_subscription: true,
    subscription: { status: 'active' },
  });
  expect(await phoneNumber(user.headers)).toMatchObject({ phone_number: number, held_until: null });
  expect(await voice(number)).toContain('<Dial');
});

it('takes in an invoice event Stripe gave up delivering, so a paid charge is paid here too', async () => {
  const { customer, userId } = await subscriberWithNumber();
  await advanceClock(
    ctx.fake.sandbox,
    customer,
    (await ctx.fake.sandbox.withCustomer(customer, async (c) => c.now)) + 15 * DAY,
    async () => null,
  );
  await ctx.fake.deliver(ctx);
  await ctx.deps.db
    .insert(usageMonths)
    .values({ userId, month: monthOf(new Date()), seconds: 650 * 60, minutes: 650 });
  await billUsage(ctx.deps, userId, { kind: 'threshold' });
  // Every event of the charge's invoice is lost.
  await ctx.fake.deliver(ctx, { lose: (e) => e.type.startsWith('invoice.') });
  const charge = async () =>
    (await ctx.deps.db.select().from(usageCharges).where(eq(usageCharges.userId, userId)))[0];
  expect(await charge()).toMatchObject({ status: 'open' });
  await expect(syncJob()).resolves.toMatchObject({ replayed: expect.any(Number) });
  expect(await charge()).toMatchObject({ status: 'paid', receiptSentAt: expect.any(Date) });
});
