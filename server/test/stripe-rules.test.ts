import type Stripe from 'stripe';
import { card } from './helpers/billing';
import { FakeStripe } from './helpers/fake-stripe';

// Stripe's rules the product relies on (docs/billing.md, "Stripe's rules"), as the fake (and the
// sandbox it runs on) enforce them, through the real SDK. Where the product used to send a request
// Stripe refuses, the old request is shown refused.

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await new FakeStripe().start();
  stripe = fake.client();
});
afterAll(() => fake.stop());

const stripeError = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('Stripe accepted it');
    },
    (error: Stripe.errors.StripeError) => ({
      status: error.statusCode,
      type: error.type,
      message: error.message,
      param: error.param,
    }),
  );

// A customer with a card on a subscription (a trial), as Checkout leaves one.
async function subscribedCustomer() {
  const { id: customer } = await stripe.customers.create({ email: 'rules@example.com' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: 'price_sandbox_yearly', quantity: 1 }],
    subscription_data: { trial_period_days: 14 },
  });
  await fake.completeCheckout(session.url!, card());
  const [sub] = (await stripe.subscriptions.list({ customer })).data;
  return { customer, subscription: sub.id, card: sub.default_payment_method as string };
}

it('refuses an invoice naming both its subscription and how to treat pending items (our old usage invoice)', async () => {
  const { customer, subscription } = await subscribedCustomer();
  // What charge.ts sent until now: Stripe answers 400, so no extra minute was ever collected.
  expect(
    await stripeError(
      stripe.invoices.create({
        customer,
        subscription,
        collection_method: 'charge_automatically',
        pending_invoice_items_behavior: 'include',
        auto_advance: true,
      }),
    ),
  ).toEqual({
    status: 400,
    type: 'StripeInvalidRequestError',
    message: 'You may only specify one of these parameters: pending_invoice_items_behavior, subscription.',
    param: 'pending_invoice_items_behavior',
  });
});

it("sweeps an item left pending on a subscription into that subscription's next invoice, never a one-off one", async () => {
  const { customer, subscription } = await subscribedCustomer();
  await stripe.invoiceItems.create({
    customer,
    subscription,
    amount: 700,
    currency: 'usd',
    description: 'pending',
  });
  // A one-off invoice takes no pending item unless told to include them (the default is exclude).
  const oneOff = await stripe.invoices.create({ customer });
  expect(oneOff.total).toBe(0);
  // The renewal (here the trial's end) sweeps it: a pending item is charged with the year.
  const now = await fake.sandbox.withCustomer(customer, async (ctx) => ctx.now);
  const { advanceClock } = await import('../src/sandbox/billing/stripe/hosted');
  await advanceClock(fake.sandbox, customer, now + 15 * 86_400, async () => null);
  const invoices = (await stripe.invoices.list({ customer })).data;
  expect(invoices.find((i) => i.billing_reason === 'subscription_cycle')).toMatchObject({ total: 6700 });
});

it('attaches an item to the invoice it names, only while that invoice is a draft', async () => {
  const { customer, card: paymentMethod } = await subscribedCustomer();
  const invoice = await stripe.invoices.create({ customer, default_payment_method: paymentMethod });
  await stripe.invoiceItems.create({ customer, invoice: invoice.id, amount: 1000, currency: 'usd' });
  const finalized = await stripe.invoices.finalizeInvoice(invoice.id, { auto_advance: true });
  expect(finalized).toMatchObject({ status: 'paid', total: 1000, amount_paid: 1000 });
  expect(
    await stripeError(
      stripe.invoiceItems.create({ customer, invoice: invoice.id, amount: 5, currency: 'usd' }),
    ),
  ).toMatchObject({ status: 400, message: 'You can only add invoice items to draft invoices.' });
});

it('replays the first answer to an idempotency key, refuses the key with other parameters, and forgets it once pruned', async () => {
  const { customer } = await subscribedCustomer();
  const key = { idempotencyKey: `rules-${customer}` };
  const first = await stripe.invoices.create({ customer, description: 'one' }, key);
  expect((await stripe.invoices.create({ customer, description: 'one' }, key)).id).toBe(first.id);
  expect(await stripeError(stripe.invoices.create({ customer, description: 'two' }, key))).toEqual({
    status: 400,
    type: 'StripeIdempotencyError',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key.idempotencyKey}' if you meant to execute a different request.`,
    param: undefined,
  });
  // Keys are kept at least 24 hours, then may be pruned: the same request makes a second invoice.
  await fake.pruneIdempotencyKeys();
  expect((await stripe.invoices.create({ customer, description: 'one' }, key)).id).not.toBe(first.id);
});

it('replays a 500 saved under a key to every retry with that key', async () => {
  const { customer } = await subscribedCustomer();
  const key = { idempotencyKey: `rules-500-${customer}` };
  fake.failAfterRunning('POST', /^\/v1\/invoices$/);
  expect(await stripeError(stripe.invoices.create({ customer }, key))).toMatchObject({ status: 500 });
  expect(await stripeError(stripe.invoices.create({ customer }, key))).toMatchObject({ status: 500 });
  // The invoice was made all the same.
  expect(
    (await stripe.invoices.list({ customer })).data.filter((i) => i.billing_reason === 'manual'),
  ).toHaveLength(1);
});

it("does not charge an amount under Stripe's minimum: the invoice is marked paid and the amount goes on the balance", async () => {
  const { customer, card: paymentMethod } = await subscribedCustomer();
  const small = await stripe.invoices.create({ customer, default_payment_method: paymentMethod });
  await stripe.invoiceItems.create({ customer, invoice: small.id, amount: 30, currency: 'usd' });
  expect(await stripe.invoices.finalizeInvoice(small.id, { auto_advance: true })).toMatchObject({
    status: 'paid',
    amount_due: 30,
    amount_paid: 0,
  });
  const next = await stripe.invoices.create({ customer, default_payment_method: paymentMethod });
  await stripe.invoiceItems.create({ customer, invoice: next.id, amount: 1000, currency: 'usd' });
  expect(await stripe.invoices.finalizeInvoice(next.id, { auto_advance: true })).toMatchObject({
    status: 'paid',
    starting_balance: 30,
    amount_paid: 1030,
  });
});

it('lets a checkout left to dynamic payment methods be paid with a bank account, which has no card fingerprint', async () => {
  const { id: customer } = await stripe.customers.create({ email: 'bank@example.com' });
  const params = {
    mode: 'subscription' as const,
    customer,
    line_items: [{ price: 'price_sandbox_yearly', quantity: 1 }],
    subscription_data: { trial_period_days: 14 },
  };
  const open = await stripe.checkout.sessions.create(params);
  expect(await fake.completeCheckout(open.url!, 'us_bank_account')).toHaveProperty('redirect');
  const [sub] = (await stripe.subscriptions.list({ customer, expand: ['data.default_payment_method'] })).data;
  expect(sub.default_payment_method).toMatchObject({ type: 'us_bank_account', card: null });

  const cardsOnly = await stripe.checkout.sessions.create({
    ...params,
    allowed_payment_method_types: ['card'],
  });
  expect(await fake.completeCheckout(cardsOnly.url!, 'us_bank_account')).toEqual({
    error: 'This checkout accepts cards only.',
  });
});

it("opens a portal session with the account's default configuration unless one is named", async () => {
  const { customer } = await subscribedCustomer();
  await stripe.billingPortal.sessions.create({ customer });
  expect(
    await stripeError(stripe.billingPortal.sessions.create({ customer, configuration: 'bpc_other' })),
  ).toMatchObject({
    status: 404,
  });
});
