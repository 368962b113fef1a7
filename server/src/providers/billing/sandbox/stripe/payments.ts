import { type CustomerContext, DAY_SECONDS } from './context';
import { subscriptionOf } from './invoices';
import type { SbInvoice, SbPaymentMethod, SbSubscription } from './objects';

// The retry schedule set in Stripe's dashboard (docs/billing.md): after a failed payment, retry
// 3, 5 and 7 days after the previous attempt; when the last retry fails, cancel the subscription
// and mark the invoice uncollectible.
const RETRY_DAYS = [3, 5, 7];

const LIVE = new Set(['trialing', 'active', 'past_due']);

export async function finalizeInvoice(ctx: CustomerContext, invoice: SbInvoice) {
  invoice.status = 'open';
  invoice.amount_due = invoice.total;
  invoice.automatically_finalizes_at = null;
  invoice.status_transitions.finalized_at = ctx.now;
  await ctx.store.save(invoice);
  await ctx.store.emit('invoice.finalized', invoice, ctx.now);
  if (invoice.auto_advance) await attemptPayment(ctx, invoice, 'scheduled');
}

// The card an invoice is charged to, as Stripe picks it: the invoice's own, the subscription's,
// then the customer's default. None means the invoice cannot be paid.
async function paymentMethodOf(ctx: CustomerContext, invoice: SbInvoice, sub?: SbSubscription) {
  const id =
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
) {
  const sub = await subscriptionOf(ctx, invoice);
  const card = await paymentMethodOf(ctx, invoice, sub);
  invoice.attempted = true;
  if (invoice.total === 0 || card?.sandbox_behaviour === 'succeeds') return paid(ctx, invoice, sub);

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
    invoice.auto_advance = false;
    await ctx.store.save(invoice);
    await ctx.store.emit('invoice.marked_uncollectible', invoice, ctx.now);
    if (sub && LIVE.has(sub.status)) await endSubscription(ctx, sub, 'payment_failed');
  }
}

async function paid(ctx: CustomerContext, invoice: SbInvoice, sub?: SbSubscription) {
  if (invoice.total > 0) invoice.attempt_count++;
  invoice.status = 'paid';
  invoice.amount_paid = invoice.total;
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
  sub.cancellation_details = { reason };
  await ctx.store.save(sub);
  await ctx.store.emit('customer.subscription.deleted', sub, ctx.now);
}
