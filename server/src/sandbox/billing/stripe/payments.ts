import { type CustomerContext, DAY_SECONDS } from './context';
import { subscriptionOf } from './invoices';
import type { SbInvoice, SbPaymentMethod, SbSubscription } from './objects';
import { isLiveStatus } from '../../../../../rules/subscriptions';

// The retry schedule set in Stripe's dashboard (docs/billing.md): after a failed payment, retry
// 3, 5 and 7 days after the previous attempt; when the last retry fails, cancel the subscription
// and mark the invoice uncollectible.
const RETRY_DAYS = [3, 5, 7];

// Stripe's smallest charge in USD (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
const MINIMUM_CHARGE_CENTS = 50;

/**
 * A draft becomes open: the customer's balance is added to what is due (Stripe applies it before
 * the amount due is set). An amount due under Stripe's minimum charge is not charged: the invoice is
 * marked paid and the amount goes back on the customer's balance, for the next invoice.
 */
export async function finalizeInvoice(ctx: CustomerContext, invoice: SbInvoice) {
  invoice.status = 'open';
  invoice.starting_balance = ctx.customer.balance;
  invoice.amount_due = Math.max(0, invoice.total + ctx.customer.balance);
  await setBalance(ctx, 0);
  invoice.automatically_finalizes_at = null;
  invoice.status_transitions.finalized_at = ctx.now;
  await ctx.store.save(invoice);
  await ctx.store.emit('invoice.finalized', invoice, ctx.now);
  if (invoice.amount_due > 0 && invoice.amount_due < MINIMUM_CHARGE_CENTS) {
    await setBalance(ctx, invoice.amount_due);
    return paid(ctx, invoice, await subscriptionOf(ctx, invoice), 0);
  }
  if (invoice.auto_advance) await attemptPayment(ctx, invoice, 'scheduled');
}

async function setBalance(ctx: CustomerContext, balance: number) {
  ctx.customer.balance = balance;
  await ctx.store.save(ctx.customer);
}

// The card an invoice is charged to, as Stripe picks it: the invoice's own, the subscription's,
// then the customer's default. None means the invoice cannot be paid.
async function paymentMethodOf(
  ctx: CustomerContext,
  invoice: SbInvoice,
  sub?: SbSubscription,
  chosen?: string,
) {
  const id =
    chosen ??
    invoice.default_payment_method ??
    sub?.default_payment_method ??
    ctx.customer.invoice_settings.default_payment_method;
  return id ? ctx.store.get<SbPaymentMethod>(id) : undefined;
}

/**
 * One payment attempt on an open invoice. Scheduled attempts (Stripe's automatic collection) follow
 * the retry schedule; an attempt the customer makes in the portal does not move it.
 */
export async function attemptPayment(
  ctx: CustomerContext,
  invoice: SbInvoice,
  kind: 'scheduled' | 'customer',
  // `pay`'s payment_method: this attempt only, the invoice's default unchanged.
  chosen?: string,
) {
  const sub = await subscriptionOf(ctx, invoice);
  const card = await paymentMethodOf(ctx, invoice, sub, chosen);
  invoice.attempted = true;
  if (invoice.amount_due === 0 || card?.sandbox_behaviour === 'succeeds') {
    return paid(ctx, invoice, sub, invoice.amount_due);
  }

  invoice.attempt_count++;
  if (kind === 'scheduled') {
    const retry = RETRY_DAYS[invoice.attempt_count - 1];
    invoice.next_payment_attempt = retry ? ctx.now + retry * DAY_SECONDS : null;
  }
  await ctx.store.save(invoice);
  await ctx.store.emit('invoice.payment_failed', invoice, ctx.now);
  if (sub && (sub.status === 'active' || sub.status === 'trialing')) {
    sub.status = 'past_due';
    await ctx.store.save(sub);
    await ctx.store.emit('customer.subscription.updated', sub, ctx.now);
  }
  if (kind === 'scheduled' && invoice.next_payment_attempt === null) {
    invoice.status = 'uncollectible';
    invoice.status_transitions.marked_uncollectible_at = ctx.now;
    invoice.auto_advance = false;
    await ctx.store.save(invoice);
    await ctx.store.emit('invoice.marked_uncollectible', invoice, ctx.now);
    if (sub && isLiveStatus(sub.status)) await endSubscription(ctx, sub, 'payment_failed');
  }
}

async function paid(
  ctx: CustomerContext,
  invoice: SbInvoice,
  sub: SbSubscription | undefined,
  charged: number,
) {
  if (charged > 0) invoice.attempt_count++;
  invoice.status = 'paid';
  invoice.amount_paid = charged;
  invoice.auto_advance = false;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = ctx.now;
  await ctx.store.save(invoice);
  await ctx.store.emit('invoice.paid', invoice, ctx.now);
  if (sub?.status === 'past_due' && !(await hasFailedInvoice(ctx, sub.id))) {
    sub.status = 'active';
    await ctx.store.save(sub);
    await ctx.store.emit('customer.subscription.updated', sub, ctx.now);
  }
}

async function hasFailedInvoice(ctx: CustomerContext, subscriptionId: string) {
  const invoices = await ctx.store.list<SbInvoice>('invoice', ctx.customer.id);
  return invoices.some(
    (i) =>
      i.status === 'open' && i.attempted && i.parent?.subscription_details?.subscription === subscriptionId,
  );
}

export async function endSubscription(
  ctx: CustomerContext,
  sub: SbSubscription,
  reason: 'cancellation_requested' | 'payment_failed',
  at = ctx.now,
) {
  sub.status = 'canceled';
  sub.ended_at = at;
  sub.canceled_at ??= at;
  sub.cancellation_details = { reason, comment: null, feedback: null, feedback_option: null };
  await ctx.store.save(sub);
  await ctx.store.emit('customer.subscription.deleted', sub, ctx.now);
}
