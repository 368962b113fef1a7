import { eq, sql } from 'drizzle-orm';
import { chargeBeforeDeletion } from '../src/billing/charges/charge-before-deletion';
import { reconcileCharges } from '../src/billing/charges/reconcile';
import { applyInvoice } from '../src/billing/events/apply-invoice';
import { billUsage } from '../src/billing/charges/bill-usage';
import { queueClosedMonths, usageBilling } from '../src/billing/usage';
import { subscriptions, usageCharges, usageMonths } from '../src/db/schema';
import { ProviderError } from '../src/http/errors';
import { providerRefusals } from '../../contract/refusals/providers';
import { replaceCard } from '../src/sandbox/billing/stripe/hosted';
import { monthOf } from '../src/usage/months';
import { payingAccount as payingAccountOf, stripeDriver, type BillingDriver } from './billing/driver';
import { CHARGES_FAIL_CARD, card } from './helpers/billing';
import { readOutbox } from './helpers/outbox';
import { forwardLegReport, giveNumber, newUser, type Subscriber } from './helpers/telephony';

// Every charge is a ledger row written before Stripe is called, its key on the invoice it makes: a
// failure or a crash in between is finished by the reconcile step, which finds what an earlier
// attempt made (Stripe keeps an idempotency key only 24 hours), never charged twice.

let d: BillingDriver;
beforeAll(async () => {
  d = await stripeDriver();
});
afterAll(() => d.close());

const month = monthOf(new Date());

const payingAccount = (minutes: number) => payingAccountOf(d, minutes);
const charges = (user: Subscriber) =>
  d.ctx.deps.db.select().from(usageCharges).where(eq(usageCharges.userId, user.id));
// A call's report: billing takes it in and charges after the webhook's answer.
const report = (user: Subscriber) =>
  usageBilling(d.ctx.deps).reportOverage({ userId: user.id, month }, d.ctx.app.log);
// The $10 rule, run as that report's work runs it.
const chargeNow = (user: Subscriber) => billUsage(d.ctx.deps, user.id, { kind: 'threshold' });
// The reconcile step picks up rows left pending for over a minute.
const age = (user: Subscriber) =>
  d.ctx.deps.db
    .update(usageCharges)
    .set({ updatedAt: sql`now() - interval '2 minutes'` })
    .where(eq(usageCharges.userId, user.id));
const itemsOf = async (user: Subscriber) => {
  const [sub] = await d.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  return d.fake!.calls('POST', /^\/v1\/invoiceitems$/).filter((r) => r.body.customer === sub.customerId);
};
const usageInvoices = async (user: Subscriber) =>
  (await d.invoices(user)).filter((i) => i.description.startsWith('Extra minutes'));
const subscriptionOf = async (user: Subscriber) =>
  (await d.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0];
const deleteAccount = (user: Subscriber) =>
  d.ctx.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: user.headers,
    payload: { password: user.password },
  });
// The receipts of extra minutes a user was mailed (not the account's other mail).
const receiptsTo = (user: Subscriber) =>
  readOutbox(d.ctx.deps.config.dataDir)
    .filter((m) => m.to === user.email)
    .map((m) => m.subject)
    .filter((s) => s.endsWith('extra minutes'));
const extraMinutesOf = async (customerId: string) =>
  (await d.customerInvoices(customerId)).filter((i) => i.description.startsWith('Extra minutes'));

it('charges at exactly $10.00 unbilled (600 minutes in the month), not a cent before', async () => {
  const under = await payingAccount(599); // 499 extra minutes: $9.98
  await chargeNow(under);
  expect(await charges(under)).toEqual([]);
  const at = await payingAccount(600); // 500 extra minutes: $10.00
  await chargeNow(at);
  await d.settle();
  expect(await charges(at)).toEqual([
    expect.objectContaining({ amountCents: 1000, minutes: 500, status: 'paid' }),
  ]);
});

it('charges nothing more when a subscription ends because its payments failed', async () => {
  const user = await payingAccount(0);
  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  await d.advanceDays(user, 366); // the renewal fails: past_due, so no usage is charged
  await d.ctx.deps.db
    .update(usageMonths)
    .set({ seconds: 150 * 60, minutes: 150 }) // $1.00 unbilled
    .where(eq(usageMonths.userId, user.id));
  await d.advanceDays(user, 16); // retried 3, 5 and 7 days later, then cancelled for non-payment
  const [sub] = await d.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  expect(sub.status).toBe('canceled');
  expect(await charges(user)).toEqual([]);
  expect(await usageInvoices(user)).toEqual([]);
});

it('writes the charge before calling Stripe, and finishes it after a failure, once', async () => {
  const user = await payingAccount(601);
  d.fake!.failNext('POST', /^\/v1\/invoices$/);
  await expect(chargeNow(user)).rejects.toMatchObject({ statusCode: 502 });
  expect(await charges(user)).toEqual([
    expect.objectContaining({
      amountCents: 1002,
      status: 'pending',
      attempts: 1,
      lastError: 'Stripe is down',
    }),
  ]);

  // Another call's report finds nothing unbilled: the minutes are on the pending row.
  await chargeNow(user);
  expect(await charges(user)).toHaveLength(1);

  await age(user);
  await expect(reconcileCharges(d.ctx.deps)).resolves.toMatchObject({ resubmitted: 1 });
  await d.settle();
  const [row] = await charges(user);
  expect(row).toMatchObject({
    status: 'paid',
    attempts: 2,
    invoiceId: expect.any(String),
    receiptSentAt: expect.any(Date),
  });
  // Each attempt under keys of its own; one invoice, one item attached to it.
  const items = await itemsOf(user);
  expect(items.map((r) => [r.idempotencyKey, r.body.invoice])).toEqual([
    [`${row.key}-item-2`, row.invoiceId],
  ]);
  expect(await usageInvoices(user)).toEqual([
    expect.objectContaining({ amount_cents: 1002, status: 'paid' }),
  ]);
});

it('charges once when Stripe made the invoice and saved a 500 under its key: the next attempt finds it', async () => {
  const user = await payingAccount(650);
  // Stripe replays that 500 to the key for 24 hours: a retry under the same key could never succeed.
  d.fake!.failAfterRunning('POST', /^\/v1\/invoices$/);
  await expect(chargeNow(user)).rejects.toMatchObject({ statusCode: 502 });
  await age(user);
  await reconcileCharges(d.ctx.deps);
  await d.settle();
  const [row] = await charges(user);
  expect(row).toMatchObject({ status: 'paid', attempts: 2 });
  expect(await usageInvoices(user)).toEqual([
    expect.objectContaining({ amount_cents: 1100, status: 'paid' }),
  ]);
  expect(await itemsOf(user)).toHaveLength(1);
});

it('charges once when a retry comes after Stripe pruned the keys: it finds the item on its invoice', async () => {
  const user = await payingAccount(700);
  // The item is attached to the draft, but the answer is lost; a day later the keys are gone.
  d.fake!.loseNextAnswer('POST', /^\/v1\/invoiceitems$/);
  await expect(chargeNow(user)).rejects.toMatchObject({ statusCode: 502 });
  await d.fake!.pruneIdempotencyKeys();
  await age(user);
  await reconcileCharges(d.ctx.deps);
  await d.settle();
  expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 1200, status: 'paid' })]);
  expect(await itemsOf(user)).toHaveLength(1);
  expect(await usageInvoices(user)).toEqual([
    expect.objectContaining({ amount_cents: 1200, status: 'paid' }),
  ]);
});

it('gives a charge up when Stripe refuses it, and does not send it again', async () => {
  const user = await payingAccount(650);
  d.fake!.override('POST', /^\/v1\/invoices$/, () => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message: 'Invalid currency: usd.', param: 'currency' } },
  }));
  await expect(chargeNow(user)).rejects.toThrow(/given up after 1 attempt/);
  expect(await charges(user)).toEqual([
    expect.objectContaining({
      status: 'pending',
      givenUpAt: expect.any(Date),
      lastError: 'Invalid currency: usd.',
    }),
  ]);
  await age(user);
  await expect(reconcileCharges(d.ctx.deps)).resolves.toMatchObject({ resubmitted: 0 });
});

it('settles a charge from its invoice events even when its answer from Stripe was lost', async () => {
  const user = await payingAccount(700);
  // Stripe finalized (and charged) the invoice, but its answer never reached us.
  d.fake!.loseNextAnswer('POST', /^\/v1\/invoices\/[^/]+\/finalize$/);
  await expect(chargeNow(user)).rejects.toMatchObject({ statusCode: 502 });
  const [pending] = await charges(user);
  expect(pending).toMatchObject({ status: 'pending', invoiceId: null });

  // Its events say so.
  await d.settle();
  expect(await charges(user)).toEqual([
    expect.objectContaining({ status: 'paid', invoiceId: expect.any(String) }),
  ]);

  await age(user);
  await reconcileCharges(d.ctx.deps);
  await d.settle();
  expect(await usageInvoices(user)).toEqual([
    expect.objectContaining({ amount_cents: 1200, status: 'paid' }),
  ]);
});

it("charges a trial's minutes once when a crash left them pending on its first invoice, since finalized", async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await d.ctx.deps.db.insert(usageMonths).values({ userId: user.id, month, seconds: 150 * 60, minutes: 150 });
  // The trial ends: its draft invoice takes our line, but Stripe's answer never reaches us.
  d.fake!.loseNextAnswer('POST', /^\/v1\/invoiceitems$/);
  await d.advanceDays(user, 14);
  const [row] = await charges(user);
  expect(row).toMatchObject({ amountCents: 100, status: 'pending', targetInvoiceId: expect.any(String) });

  // An hour later Stripe finalizes the draft, our line on it, and charges it; we hear nothing yet.
  await d.fake!.sandbox.invoices.finalizeInvoice(row.targetInvoiceId!);
  await age(user);
  await reconcileCharges(d.ctx.deps);
  expect(await charges(user)).toEqual([
    expect.objectContaining({ status: 'open', invoiceId: row.targetInvoiceId }),
  ]);
  await d.settle();
  await queueClosedMonths(d.ctx.deps, '2999-01-01', user.id);
  await d.settle();
  expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 100, status: 'paid' })]);
  expect(await usageInvoices(user)).toEqual([]);
  expect((await d.invoices(user)).filter((i) => i.amount_cents > 0)).toEqual([
    expect.objectContaining({ amount_cents: 6100, status: 'paid' }),
  ]);
});

it('charges once when two calls report the same minutes at the same time', async () => {
  const user = await payingAccount(650);
  await Promise.all([report(user), report(user), report(user), chargeNow(user), chargeNow(user)]);
  await d.settle();
  expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 1100, status: 'paid' })]);
  expect(await itemsOf(user)).toHaveLength(1);
});

it('charges what is left to the card when a paid subscription ends, since it takes no more items', async () => {
  const user = await payingAccount(150); // $1.00 unbilled, under the $10 threshold
  const [sub] = await d.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  await d.fake!.sandbox.subscriptions.cancel(sub.subscriptionId!);
  await d.settle();
  expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 100, status: 'paid' })]);
  const invoice = d.fake!.calls('POST', /^\/v1\/invoices$/).at(-1)!.body;
  expect(invoice).toMatchObject({
    customer: sub.customerId,
    default_payment_method: expect.stringMatching(/^pm_/),
  });
  expect(invoice.subscription).toBeUndefined();
});

it('models Stripe: an invoice with no payment method to charge is not paid', async () => {
  const stripe = d.fake!.sandbox;
  const { id: customer } = await stripe.customers.create({ email: 'nocard@example.com' });
  await stripe.invoiceItems.create({ customer, amount: 1000, currency: 'usd' });
  const draft = await stripe.invoices.create({
    customer,
    pending_invoice_items_behavior: 'include',
    auto_advance: true,
  });
  const invoice = await stripe.invoices.finalizeInvoice(draft.id);
  expect(invoice).toMatchObject({ status: 'open', total: 1000, attempted: true });
});

it('charges the extra minutes once when deleting the account is tried again after Stripe failed', async () => {
  const user = await payingAccount(150); // $1.00 extra, under the $10 that charges at once
  const customerId = (await subscriptionOf(user)).customerId!;
  d.fake!.failNext('POST', /^\/v1\/invoices$/);
  expect((await deleteAccount(user)).statusCode).toBe(502);
  // Nothing is deleted yet: the charge waits on the ledger, and the customer keeps its card.
  expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 100, status: 'pending' })]);
  expect(d.fake!.calls('DELETE', new RegExp(`^/v1/customers/${customerId}$`))).toEqual([]);

  expect((await deleteAccount(user)).statusCode).toBe(204);
  await d.settle();
  expect(await extraMinutesOf(customerId)).toEqual([
    expect.objectContaining({ amount_cents: 100, status: 'paid' }),
  ]);
  expect(d.fake!.calls('DELETE', new RegExp(`^/v1/customers/${customerId}$`))).toHaveLength(1);
});

it('refuses to delete an account while its extra minutes are being charged, and deletes it after', async () => {
  const user = await payingAccount(650);
  const customerId = (await subscriptionOf(user)).customerId!;
  let answer!: () => void;
  const stripeAnswers = new Promise<void>((resolve) => (answer = resolve));
  d.fake!.override('POST', /^\/v1\/invoices$/, async () => {
    await stripeAnswers;
    return { status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } };
  });
  const charging = chargeNow(user);
  while (!(await charges(user))[0]?.claimedUntil) await new Promise((resolve) => setTimeout(resolve, 20));

  const refused = await deleteAccount(user);
  expect(refused.statusCode).toBe(502);
  expect(refused.json()).toEqual({
    error: 'provider_error',
    message: 'Your extra minutes are being charged right now. Please try again in a minute.',
  });
  answer();
  await expect(charging).rejects.toMatchObject({ statusCode: 502 });
  expect((await deleteAccount(user)).statusCode).toBe(204);
  await d.settle();
  expect(await extraMinutesOf(customerId)).toEqual([
    expect.objectContaining({ amount_cents: 1100, status: 'paid' }),
  ]);
});

// An invoice of extra minutes left open and not yet attempted, as Stripe keeps one for up to an
// hour after finalizing it: what paying it before the customer's cards go is for.
async function openInvoice(user: Subscriber, cents: number) {
  const { customerId, subscriptionId } = await subscriptionOf(user);
  const stripe = d.fake!.sandbox;
  const onSubscription = { customer: customerId!, subscription: subscriptionId! };
  await stripe.invoiceItems.create({ ...onSubscription, amount: cents, currency: 'usd' });
  // An invoice for the subscription takes its pending items.
  const draft = await stripe.invoices.create({ ...onSubscription, auto_advance: false });
  return stripe.invoices.finalizeInvoice(draft.id, { auto_advance: false });
}

it("pays an open invoice at once through Stripe's pay, and says when the card declines", async () => {
  const user = await payingAccount(0);
  const invoice = await openInvoice(user, 300);
  const { subscriptionId } = await subscriptionOf(user);
  expect(invoice).toMatchObject({ status: 'open', attempted: false });
  await expect(d.ctx.deps.billing.payInvoiceNow(invoice.id, subscriptionId!)).resolves.toMatchObject({
    status: 'paid',
  });
  expect(await d.fake!.sandbox.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid' });
  // Asked again, Stripe refuses to pay it twice: it is paid.
  await expect(d.ctx.deps.billing.payInvoiceNow(invoice.id, subscriptionId!)).resolves.toMatchObject({
    status: 'paid',
  });

  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  const unpaid = await openInvoice(user, 400);
  await expect(d.ctx.deps.billing.payInvoiceNow(unpaid.id, subscriptionId!)).resolves.toMatchObject({
    status: 'open',
    attempted: true,
  });
  // The attempt is Stripe's record: the invoice stays open, attempted.
  expect(await d.fake!.sandbox.invoices.retrieve(unpaid.id)).toMatchObject({
    status: 'open',
    attempted: true,
  });
});

it('deletes the account when tried again after the number could not be given back, its customer gone', async () => {
  const user = await payingAccount(150); // $1.00 extra, which its card declines
  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  await giveNumber(d.ctx, user, '+16285550100', '+16505550123');
  const customerId = (await subscriptionOf(user)).customerId!;
  const release = jest
    .spyOn(d.ctx.deps.telephony, 'releaseNumber')
    .mockRejectedValueOnce(new ProviderError(providerRefusals.phoneProviderFailed('release the number')));
  expect((await deleteAccount(user)).statusCode).toBe(502);
  // Stripe's events of the cancellation come in between (they name the customer again).
  await d.settle();
  expect((await deleteAccount(user)).statusCode).toBe(204);
  expect(release).toHaveBeenCalledTimes(2);
  release.mockRestore();
  await d.settle();
  expect(await extraMinutesOf(customerId)).toEqual([
    expect.objectContaining({ amount_cents: 100, status: 'open' }),
  ]);
  expect(d.fake!.calls('DELETE', new RegExp(`^/v1/customers/${customerId}$`))).toHaveLength(1);
});

it("never pays the subscription's own invoice when its card is replaced or its account deleted, its first payment failed", async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  expect(await (await d.openCheckout(user)).complete(CHARGES_FAIL_CARD)).toEqual({});
  await d.ctx.deps.db.insert(usageMonths).values({ userId: user.id, month, seconds: 150 * 60, minutes: 150 });
  await d.advanceDays(user, 15); // the year and the trial's $1.00 of minutes, on one invoice that fails
  const [yearly] = (await d.invoices(user)).filter((i) => i.amount_cents === 6100);
  expect(yearly).toMatchObject({ status: 'open' });
  expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 100, invoiceId: yearly.id })]);

  // A new card that declines too: the invoice is still open when the event of it comes, and keeps
  // paying with the subscription's card (it names none of its own).
  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  expect(d.fake!.calls('POST', new RegExp(`^/v1/invoices/${yearly.id}$`))).toEqual([]);
  expect(await d.fake!.sandbox.invoices.retrieve(yearly.id)).toMatchObject({
    status: 'open',
    default_payment_method: null,
  });

  expect((await deleteAccount(user)).statusCode).toBe(204);
  expect(
    d.fake!.calls('POST', /^\/v1\/invoices\/[^/]+\/pay$/).filter((r) => r.path.includes(yearly.id)),
  ).toEqual([]);
});

it('moves a charge on to paid when Stripe is paid an invoice it had marked uncollectible, with its receipt', async () => {
  const user = await payingAccount(0);
  const key = `late-payment-${user.id}`;
  await d.ctx.deps.db.insert(usageCharges).values({
    userId: user.id,
    seq: 1,
    key,
    amountCents: 1000,
    minutes: 500,
    months: { [month]: 1000 },
    status: 'uncollectible',
    invoiceId: 'in_paid_late',
  });
  const invoice = {
    invoiceId: 'in_paid_late',
    customerId: (await subscriptionOf(user)).customerId,
    subscriptionId: null,
    status: 'paid',
    total: 1000,
    attempted: true,
    attemptCount: 1,
    nextPaymentAttempt: null,
    lines: [{ description: 'Extra minutes', amount: 1000 }],
    billingReason: 'manual',
    paymentMethodId: null,
    chargeKeys: [key],
  };
  await applyInvoice(d.ctx.deps, invoice, 'invoice.paid');
  // Events come in any order: the earlier "uncollectible", arriving late, moves nothing back.
  await applyInvoice(d.ctx.deps, { ...invoice, status: 'uncollectible' }, 'invoice.marked_uncollectible');
  expect(await charges(user)).toEqual([expect.objectContaining({ status: 'paid' })]);
  expect(receiptsTo(user)).toEqual(['Receipt: $10.00 for extra minutes']);
});

// The hourly reconcile reads back invoices still open or failed an hour on.
const anHourOn = (user: Subscriber) =>
  d.ctx.deps.db
    .update(usageCharges)
    .set({ updatedAt: sql`now() - interval '61 minutes'` })
    .where(eq(usageCharges.userId, user.id));

it('settles a charge from its invoice read back an hour later when none of its events came', async () => {
  const user = await payingAccount(700);
  await chargeNow(user);
  await d.fake!.deliver(d.ctx, { lose: () => true });
  const [open] = await charges(user);
  expect(open).toMatchObject({ status: 'open', invoiceId: expect.any(String) });

  await expect(reconcileCharges(d.ctx.deps)).resolves.toMatchObject({ checked: 0 });
  await anHourOn(user);
  await expect(reconcileCharges(d.ctx.deps)).resolves.toMatchObject({ checked: 1, receipts: 0 });
  expect(await charges(user)).toEqual([
    expect.objectContaining({ status: 'paid', invoiceId: open.invoiceId, receiptSentAt: expect.any(Date) }),
  ]);
  expect(receiptsTo(user)).toEqual(['Receipt: $12.00 for extra minutes']);
});

it('sends a receipt the mail server refused when its charge was paid at the next reconcile, once', async () => {
  const user = await payingAccount(700);
  const smtp = jest.spyOn(d.ctx.deps.mailer, 'send').mockRejectedValue(new Error('SMTP is down'));
  try {
    await chargeNow(user);
    await d.settle();
  } finally {
    smtp.mockRestore();
  }
  await d.settle();
  expect(await charges(user)).toEqual([expect.objectContaining({ status: 'paid', receiptSentAt: null })]);
  expect(receiptsTo(user)).toEqual([]);

  await expect(reconcileCharges(d.ctx.deps)).resolves.toMatchObject({ receipts: 1 });
  await expect(reconcileCharges(d.ctx.deps)).resolves.toMatchObject({ receipts: 0 });
  expect(receiptsTo(user)).toEqual(['Receipt: $12.00 for extra minutes']);
});

// An extra-minutes invoice the card declined: Stripe keeps it open, attempted (docs/billing.md).
async function declinedCharge(minutes: number) {
  const user = await payingAccount(minutes);
  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  await chargeNow(user);
  await d.settle();
  const [row] = await charges(user);
  expect(row).toMatchObject({ status: 'failed', invoiceId: expect.any(String) });
  return { user, invoiceId: row.invoiceId! };
}
const payCalls = (invoiceId: string) =>
  d.fake!.calls('POST', /^\/v1\/invoices\/[^/]+\/pay$/).filter((r) => r.path.includes(invoiceId));
const operatorLog = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

// The card is replaced in the portal, but Stripe's event of it has not reached us (yet).
async function replaceCardUnheard(user: Subscriber) {
  const { customerId } = await subscriptionOf(user);
  expect(await replaceCard(d.fake!.sandbox, customerId!, card())).toEqual({});
  await d.fake!.deliver(d.ctx, { lose: (event) => event.type === 'customer.subscription.updated' });
}

it('pays a declined invoice of extra minutes with the new card when the account is deleted, with its receipt', async () => {
  await payingAccount(0); // another subscriber, whose card must not be the one used
  const { user, invoiceId } = await declinedCharge(700);
  const customerId = (await subscriptionOf(user)).customerId!;
  await replaceCardUnheard(user);
  expect((await deleteAccount(user)).statusCode).toBe(204);
  expect(payCalls(invoiceId)).toHaveLength(1);
  expect(await extraMinutesOf(customerId)).toEqual([
    expect.objectContaining({ amount_cents: 1200, status: 'paid' }),
  ]);
  expect(receiptsTo(user)).toEqual(['Receipt: $12.00 for extra minutes']);
});

it('tells the operator of a charge given up when its account is deleted, as its row goes with it', async () => {
  const user = await payingAccount(650);
  d.fake!.override('POST', /^\/v1\/invoices$/, () => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message: 'Invalid currency: usd.', param: 'currency' } },
  }));
  await expect(chargeNow(user)).rejects.toThrow(/given up after 1 attempt/);
  d.fake!.clearOverrides();
  const log = operatorLog();
  await chargeBeforeDeletion(d.ctx.deps, user.id, log as never);
  expect(log.error.mock.calls).toEqual([
    [
      {
        userId: user.id,
        key: expect.any(String),
        amountCents: 1100,
        months: { [month]: 1100 },
        lastError: 'Invalid currency: usd.',
      },
      'extra minutes given up, deleted with the account',
    ],
  ]);
});

it('tells the operator when the card declines the extra minutes again at deletion, and still goes on', async () => {
  const { user, invoiceId } = await declinedCharge(700);
  const log = operatorLog();
  await chargeBeforeDeletion(d.ctx.deps, user.id, log as never);
  expect(payCalls(invoiceId)).toHaveLength(1);
  expect(log.warn.mock.calls).toEqual([
    [{ userId: user.id, invoice: invoiceId }, 'extra minutes unpaid at account deletion'],
  ]);
  expect(await charges(user)).toEqual([expect.objectContaining({ status: 'failed' })]);
});

it('deletes the account though the receipt of what it paid at deletion could not be mailed, and says so', async () => {
  const { user, invoiceId } = await declinedCharge(700);
  await replaceCardUnheard(user);
  const log = operatorLog();
  const smtp = jest.spyOn(d.ctx.deps.mailer, 'send').mockRejectedValue(new Error('SMTP is down'));
  try {
    await chargeBeforeDeletion(d.ctx.deps, user.id, log as never);
  } finally {
    smtp.mockRestore();
  }
  expect(log.warn.mock.calls).toEqual([
    [
      { err: expect.any(Error), userId: user.id, invoice: invoiceId },
      'settling an invoice at account deletion failed',
    ],
  ]);
  expect(await charges(user)).toEqual([expect.objectContaining({ status: 'paid' })]);
});

// The card the subscription is paid with now, at Stripe.
const cardOf = async (user: Subscriber) =>
  (await d.fake!.sandbox.subscriptions.retrieve((await subscriptionOf(user)).subscriptionId!))
    .default_payment_method as string;
// Payments tried once the invoice names that card (under a key of their own).
const payCallsWith = (invoiceId: string, paymentMethod: string) =>
  payCalls(invoiceId).filter((r) => r.idempotencyKey === `invoice-${invoiceId}-card-${paymentMethod}`);

it('pays a declined invoice of extra minutes with the new card once the card is replaced, with one receipt', async () => {
  const { user, invoiceId } = await declinedCharge(700);
  // The portal's events come twice, newest first (d.settle).
  expect(await d.replaceCard(user, card().card_number)).toEqual({});
  const newCard = await cardOf(user);
  expect(await d.fake!.sandbox.invoices.retrieve(invoiceId)).toMatchObject({
    status: 'paid',
    default_payment_method: newCard,
  });
  expect(payCallsWith(invoiceId, newCard)).toHaveLength(1);
  expect(await charges(user)).toEqual([expect.objectContaining({ status: 'paid', invoiceId })]);
  expect(receiptsTo(user)).toEqual(['Receipt: $12.00 for extra minutes']);
});

it('tries a new card that declines too once, and leaves the invoice open for Stripe to retry with it', async () => {
  const { user, invoiceId } = await declinedCharge(700);
  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  const newCard = await cardOf(user);
  const declined = await d.fake!.sandbox.invoices.retrieve(invoiceId);
  expect(declined).toMatchObject({ status: 'open', default_payment_method: newCard });
  expect(payCallsWith(invoiceId, newCard)).toHaveLength(1);
  expect(await charges(user)).toEqual([expect.objectContaining({ status: 'failed' })]);

  // Another change to the subscription (its events twice, newest first) tries no payment again.
  await d.cancelAtPeriodEnd(user);
  expect(payCallsWith(invoiceId, newCard)).toHaveLength(1);
  expect(await d.fake!.sandbox.invoices.retrieve(invoiceId)).toMatchObject({
    status: 'open',
    attempt_count: declined.attempt_count,
  });
});

it('leaves alone an invoice paid at Stripe whose event has not come yet when the card changes', async () => {
  const { user, invoiceId } = await declinedCharge(700);
  await replaceCardUnheard(user);
  const newCard = await cardOf(user);
  // Paid with the new card (as by the customer on Stripe's invoice page); its events are lost.
  await d.fake!.sandbox.invoices.pay(invoiceId, { payment_method: newCard });
  await d.fake!.deliver(d.ctx, { lose: () => true });
  expect(await charges(user)).toEqual([expect.objectContaining({ status: 'failed' })]);

  await d.cancelAtPeriodEnd(user); // another change to the subscription: its event comes
  expect(d.fake!.calls('POST', new RegExp(`^/v1/invoices/${invoiceId}(/pay)?$`))).toEqual([]);
});

it("models Stripe: an open invoice takes a card of its customer's as its default, a paid one no longer", async () => {
  const { user, invoiceId } = await declinedCharge(700);
  const stripe = d.fake!.sandbox;
  const other = await payingAccount(0);
  const othersCard = await cardOf(other);
  await expect(
    stripe.invoices.update(invoiceId, { default_payment_method: othersCard }),
  ).rejects.toMatchObject({
    statusCode: 404,
    message: `No such PaymentMethod: '${othersCard}'`,
  });
  await expect(stripe.invoices.update(invoiceId, { description: 'Other minutes' })).rejects.toMatchObject({
    statusCode: 400,
    param: 'description',
  });
  await replaceCardUnheard(user);
  const newCard = await cardOf(user);
  await expect(stripe.invoices.update(invoiceId, { default_payment_method: newCard })).resolves.toMatchObject(
    {
      status: 'open',
      default_payment_method: newCard,
    },
  );
  await stripe.invoices.pay(invoiceId);
  await expect(stripe.invoices.update(invoiceId, { default_payment_method: newCard })).rejects.toMatchObject({
    statusCode: 400,
    param: 'default_payment_method',
  });
});

// Someone calls the user's number and the owner talks for `minutes`; Twilio reports the leg that rang
// the owner answered (so the call is of this month), then its end, and billing takes its usage in.
let calls = 0;
async function inboundCall(number: string, minutes: number) {
  const call = { sid: `CAledger${calls++}`, number };
  expect((await forwardLegReport(d.ctx, call, 'in-progress')).statusCode).toBe(204);
  expect((await forwardLegReport(d.ctx, call, 'completed', minutes * 60)).statusCode).toBe(204);
  await d.settle();
}

it('names each month of a charge on its invoice when it bills minutes of two months', async () => {
  const user = await payingAccount(0);
  const now = new Date();
  const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  // Last month's extra minutes, which the month-end job has not billed yet. A row: no API places a
  // call in a past month (a call's month is the month it started; only the calls' reconcile takes an
  // earlier start, from Twilio's record of a call whose reports never came).
  await d.ctx.deps.db
    .insert(usageMonths)
    .values({ userId: user.id, month: lastMonth, seconds: 350 * 60, minutes: 350 }); // $5.00 extra
  await giveNumber(d.ctx, user, '+16305550100', '+16505550123');
  await inboundCall('+16305550100', 349); // $4.98 extra this month: $9.98 unbilled, not charged yet
  expect(await usageInvoices(user)).toEqual([]);
  await inboundCall('+16305550100', 1); // $10.00: charged at once, both months on one invoice
  const name = (m: string) =>
    new Date(`${m}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  expect(await usageInvoices(user)).toEqual([
    expect.objectContaining({
      amount_cents: 1000,
      status: 'paid',
      description: `Extra minutes: 250 in ${name(lastMonth)}, 250 in ${name(month)}`,
    }),
  ]);
});

it("bills a trial's minutes later, once, when its first invoice went out before they joined it", async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await giveNumber(d.ctx, user, '+16305550101', '+16505550123');
  await inboundCall('+16305550101', 150); // 50 extra minutes in the trial: $1.00
  // The trial ends and Stripe drafts its first invoice; our work on its invoice.created runs late:
  // Stripe has finalized the draft (and charged the year alone) when we read it to add the minutes.
  let draft = '';
  const stripe = d.fake!.sandbox;
  d.fake!.override(
    'GET',
    /^\/v1\/invoices\/in_[^/]+$/,
    async (req) => {
      const id = req.path.split('/').pop()!;
      const minutesFor = (await charges(user)).some((row) => row.targetInvoiceId === id);
      if (minutesFor && (await stripe.invoices.retrieve(id)).status === 'draft') {
        draft = id;
        await stripe.invoices.finalizeInvoice(id);
      }
      return { body: await stripe.invoices.retrieve(id) };
    },
    { once: false },
  );
  await d.advanceDays(user, 14);
  d.fake!.clearOverrides();
  expect(draft).not.toBe('');
  expect((await charges(user))[0]).toMatchObject({
    amountCents: 100,
    status: 'canceled',
    targetInvoiceId: draft,
  });

  // The minutes are billed by the next rule, the month's end, on an invoice of their own, once.
  await d.advanceDays(user, 31);
  expect(await charges(user)).toEqual([
    expect.objectContaining({ amountCents: 100, status: 'canceled', invoiceId: null }),
    expect.objectContaining({ amountCents: 100, status: 'paid', months: { [month]: 100 } }),
  ]);
  // Both made at the same moment of the account's clock: in the order of their amounts.
  const invoices = (await d.invoices(user)).filter((i) => i.amount_cents > 0);
  expect(invoices.sort((a, b) => b.amount_cents - a.amount_cents)).toEqual([
    expect.objectContaining({ id: draft, amount_cents: 6000, status: 'paid' }),
    expect.objectContaining({
      amount_cents: 100,
      status: 'paid',
      description: expect.stringMatching(/^Extra minutes: 50 in /),
    }),
  ]);
  expect(await itemsOf(user)).toHaveLength(1);
});

it('counts the minutes back once when a sender held up past its claim and the retry both find the invoice gone', async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await giveNumber(d.ctx, user, '+16305550102', '+16505550123');
  await inboundCall('+16305550102', 150); // 50 extra minutes in the trial: $1.00
  const stripe = d.fake!.sandbox;
  // Our first read of the drafted invoice (to add the minutes) hangs past the sender's claim.
  let held!: () => void;
  const reading = new Promise<void>((resolve) => (held = resolve));
  let answer!: () => void;
  const stripeAnswers = new Promise<void>((resolve) => (answer = resolve));
  let reads = 0;
  d.fake!.override(
    'GET',
    /^\/v1\/invoices\/in_[^/]+$/,
    async (req) => {
      const id = req.path.split('/').pop()!;
      if ((await charges(user)).some((row) => row.targetInvoiceId === id)) {
        if (reads++ === 0) {
          held();
          await stripeAnswers;
        } else if ((await stripe.invoices.retrieve(id)).status === 'draft') {
          await stripe.invoices.finalizeInvoice(id); // Stripe finalized it meanwhile
        }
      }
      return { body: await stripe.invoices.retrieve(id) };
    },
    { once: false },
  );
  const trialEnds = d.advanceDays(user, 14);
  await reading;
  // Five minutes on, the claim is over: the hourly reconcile sends the row again, and finds the
  // invoice finalized without the minutes.
  await d.ctx.deps.db
    .update(usageCharges)
    .set({ claimedUntil: sql`now() - interval '1 minute'` })
    .where(eq(usageCharges.userId, user.id));
  await age(user);
  try {
    await reconcileCharges(d.ctx.deps);
  } finally {
    answer(); // the first sender's answer comes at last: the invoice is no longer a draft
  }
  await trialEnds;
  d.fake!.clearOverrides();
  expect((await charges(user))[0]).toMatchObject({ amountCents: 100, status: 'canceled' });

  // Then the month's end bills them, once (the minutes counted back once).
  await d.advanceDays(user, 31);
  expect(await charges(user)).toEqual([
    expect.objectContaining({ status: 'canceled' }),
    expect.objectContaining({ amountCents: 100, status: 'paid' }),
  ]);
  expect(await usageInvoices(user)).toEqual([expect.objectContaining({ amount_cents: 100, status: 'paid' })]);
});

// A call Twilio put through: the leg that rang the owner is answered now; the answer ends it later.
async function callUnderWay(number: string) {
  const call = { sid: `CAledger${calls++}`, number };
  expect((await forwardLegReport(d.ctx, call, 'in-progress')).statusCode).toBe(204);
  return async (minutes: number) => {
    expect((await forwardLegReport(d.ctx, call, 'completed', minutes * 60)).statusCode).toBe(204);
    await d.settle();
  };
}

it('charges nothing at $10 unbilled while a payment is failing, and charges the minutes once the account pays', async () => {
  const user = await payingAccount(0);
  await giveNumber(d.ctx, user, '+16305550103', '+16505550123');
  // Three calls of four hours are under way when the renewal fails: 720 minutes, $12.40 extra.
  const ends: ((minutes: number) => Promise<void>)[] = [];
  for (let i = 0; i < 3; i++) ends.push(await callUnderWay('+16305550103'));
  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  await d.advanceDays(user, 366);
  expect((await subscriptionOf(user)).status).toBe('past_due');
  for (const end of ends) await end(240);
  // Each call's report ran the $10 rule: nothing is charged while the card fails.
  expect(await charges(user)).toEqual([]);
  expect(await usageInvoices(user)).toEqual([]);

  // A new card: Stripe's next try of the renewal pays with it, and the account is active again.
  expect(await d.replaceCard(user, card().card_number)).toEqual({});
  await d.advanceDays(user, 3);
  expect((await subscriptionOf(user)).status).toBe('active');
  await chargeNow(user); // the next call's report (or the month's end, if it came first)
  await d.settle();
  expect(await usageInvoices(user)).toEqual([
    expect.objectContaining({ amount_cents: 1240, status: 'paid' }),
  ]);
});

it('charges no extra minutes when an account in its free trial is deleted', async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await giveNumber(d.ctx, user, '+16305550104', '+16505550123');
  await inboundCall('+16305550104', 150); // 50 extra minutes in the trial: $1.00
  const customerId = (await subscriptionOf(user)).customerId!;
  expect((await deleteAccount(user)).statusCode).toBe(204);
  await d.settle();
  // The privacy policy: never the free trial's minutes.
  expect(await extraMinutesOf(customerId)).toEqual([]);
  expect(d.fake!.calls('POST', /^\/v1\/invoiceitems$/).filter((r) => r.body.customer === customerId)).toEqual(
    [],
  );
});

it("deletes the account and bills a trial's minutes once when their first invoice went out without them", async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await giveNumber(d.ctx, user, '+16305550105', '+16505550123');
  await inboundCall('+16305550105', 150); // 50 extra minutes in the trial: $1.00
  const customerId = (await subscriptionOf(user)).customerId!;
  // The trial ends: Stripe is down when the minutes are added to its draft invoice, which Stripe
  // finalizes (and charges) without them an hour later.
  d.fake!.failNext('POST', /^\/v1\/invoiceitems$/);
  await d.advanceDays(user, 14);
  const [row] = await charges(user);
  expect(row).toMatchObject({ amountCents: 100, status: 'pending', targetInvoiceId: expect.any(String) });
  await d.fake!.sandbox.invoices.finalizeInvoice(row.targetInvoiceId!);
  await d.settle();

  // The deletion sends that charge first: it finds the invoice gone out, and the minutes go back to
  // be charged by the "account deleted" rule, on an invoice of their own.
  expect((await deleteAccount(user)).statusCode).toBe(204);
  await d.settle();
  expect(await extraMinutesOf(customerId)).toEqual([
    expect.objectContaining({ amount_cents: 100, status: 'paid' }),
  ]);
  expect((await d.customerInvoices(customerId)).filter((i) => i.amount_cents > 0)).toHaveLength(2);
});

// The first charge sent to Stripe for one of `userIds` waits until released: a sender that holds its row.
function holdFirstCharge(userIds: string[]) {
  const billing = d.ctx.deps.billing;
  type Charge = Parameters<typeof billing.chargeUsage>[0];
  const send = billing.chargeUsage.bind(billing);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: (charge: Charge) => void;
  const held = new Promise<Charge>((resolve) => (reached = resolve));
  let holding = false;
  const spy = jest.spyOn(billing, 'chargeUsage').mockImplementation(async (charge) => {
    if (!holding && userIds.includes(charge.userId)) {
      holding = true;
      reached(charge);
      await released;
    }
    return send(charge);
  });
  return { held, release: () => release(), restore: () => spy.mockRestore() };
}

// Two charges of one account that Stripe's outage left pending: $11.00 at the $10 rule, then $10.00
// more after a call of 500 minutes; both waiting for the hourly reconcile.
async function twoPendingCharges(number: string) {
  const user = await payingAccount(650);
  await giveNumber(d.ctx, user, number, '+16505550123');
  d.fake!.outage('POST', /^\/v1\/invoices$/);
  await expect(chargeNow(user)).rejects.toMatchObject({ statusCode: 502 });
  await inboundCall(number, 500);
  d.fake!.clearOverrides();
  expect((await charges(user)).sort((a, b) => a.seq - b.seq)).toEqual([
    expect.objectContaining({ amountCents: 1100, status: 'pending' }),
    expect.objectContaining({ amountCents: 1000, status: 'pending' }),
  ]);
  await age(user);
  return user;
}
const byAmount = <T extends { amount_cents: number }>(invoices: T[]) =>
  invoices.sort((a, b) => a.amount_cents - b.amount_cents);

it('deletes the account when a charge it read was sent meanwhile by the hourly reconcile, each charged once', async () => {
  const user = await twoPendingCharges('+16305550106');
  const customerId = (await subscriptionOf(user)).customerId!;
  const hold = holdFirstCharge([user.id]);
  try {
    // The deletion read both charges; the first it sends waits on Stripe while the reconcile sends
    // the other (and leaves the held one alone).
    const deleting = deleteAccount(user);
    await hold.held;
    await expect(reconcileCharges(d.ctx.deps)).resolves.toMatchObject({ resubmitted: 2 });
    hold.release();
    expect((await deleting).statusCode).toBe(204);
  } finally {
    hold.restore();
  }
  await d.settle();
  expect(byAmount(await extraMinutesOf(customerId))).toEqual([
    expect.objectContaining({ amount_cents: 1000, status: 'paid' }),
    expect.objectContaining({ amount_cents: 1100, status: 'paid' }),
  ]);
});

it('deletes the account when a charge it read was given up meanwhile, and charges the other once', async () => {
  const user = await twoPendingCharges('+16305550107');
  const customerId = (await subscriptionOf(user)).customerId!;
  const hold = holdFirstCharge([user.id]);
  let errors!: unknown[];
  let held!: Awaited<typeof hold.held>;
  try {
    const deleting = deleteAccount(user);
    held = await hold.held;
    // Stripe refuses the other charge the reconcile sends: it is given up, for an operator.
    d.fake!.override('POST', /^\/v1\/invoices$/, () => ({
      status: 400,
      body: {
        error: { type: 'invalid_request_error', message: 'Invalid currency: usd.', param: 'currency' },
      },
    }));
    errors = await reconcileCharges(d.ctx.deps).then(
      () => [],
      (error: AggregateError) => error.errors,
    );
    hold.release();
    expect((await deleting).statusCode).toBe(204);
  } finally {
    hold.restore();
  }
  expect(errors).toEqual([
    expect.objectContaining({ message: expect.stringMatching(/given up after 2 attempt/) }),
  ]);
  await d.settle();
  expect(await extraMinutesOf(customerId)).toEqual([
    expect.objectContaining({ amount_cents: held.cents, status: 'paid' }),
  ]);
});

it('finishes the hourly reconcile when an account whose charge it read is deleted meanwhile', async () => {
  const [a, b] = [await payingAccount(650), await payingAccount(650)];
  d.fake!.outage('POST', /^\/v1\/invoices$/);
  await expect(chargeNow(a)).rejects.toMatchObject({ statusCode: 502 });
  await expect(chargeNow(b)).rejects.toMatchObject({ statusCode: 502 });
  d.fake!.clearOverrides();
  await age(a);
  await age(b);
  const hold = holdFirstCharge([a.id, b.id]);
  let held!: Awaited<typeof hold.held>;
  let deleted!: string;
  try {
    const reconciling = reconcileCharges(d.ctx.deps);
    held = await hold.held;
    // While the reconcile's first charge waits on Stripe, the other account is deleted: its
    // deletion sends that account's charge itself, then the account's rows go.
    const other = held.userId === a.id ? b : a;
    deleted = (await subscriptionOf(other)).customerId!;
    expect((await deleteAccount(other)).statusCode).toBe(204);
    hold.release();
    await expect(reconciling).resolves.toMatchObject({ resubmitted: 2 });
  } finally {
    hold.restore();
  }
  await d.settle();
  expect(await extraMinutesOf(deleted)).toEqual([
    expect.objectContaining({ amount_cents: 1100, status: 'paid' }),
  ]);
  expect(await extraMinutesOf(held.customerId)).toEqual([
    expect.objectContaining({ amount_cents: 1100, status: 'paid' }),
  ]);
});
