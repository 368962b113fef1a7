import { addYear, type CustomerContext, DAY_SECONDS } from './context';
import { createInvoice } from './invoices';
import { SANDBOX_PRICE, type SbInvoice, type SbSubscription } from './objects';
import { attemptPayment, endSubscription, finalizeInvoice } from './payments';
import { newId } from './store';
import { isLiveStatus } from '../../../../../rules/subscriptions';

// What Stripe does to a subscription as time passes: a trial or year ends (a new year and its
// invoice, or the end of a subscription cancelled at period end), drafts are finalized an hour
// later and charged, and failed payments are retried on schedule.

const PLAN_LINE = 'Forwardly Business Line, 1 year';

const periodEnd = (sub: SbSubscription) => sub.items.data[0].current_period_end;

export async function createSubscription(
  ctx: CustomerContext,
  input: { paymentMethod: string; trialDays: number | null; metadata: Record<string, string> },
) {
  const trialEnd = input.trialDays ? ctx.now + input.trialDays * DAY_SECONDS : null;
  const sub: SbSubscription = {
    id: newId('sub'),
    object: 'subscription',
    customer: ctx.customer.id,
    status: trialEnd ? 'trialing' : 'active',
    created: ctx.now,
    cancel_at_period_end: false,
    canceled_at: null,
    trial_start: trialEnd ? ctx.now : null,
    trial_end: trialEnd,
    ended_at: null,
    cancellation_details: null,
    livemode: false,
    metadata: input.metadata,
    default_payment_method: input.paymentMethod,
    latest_invoice: null,
    items: {
      data: [
        {
          id: newId('si'),
          price: SANDBOX_PRICE.id,
          current_period_start: ctx.now,
          current_period_end: trialEnd ?? addYear(ctx.now),
        },
      ],
    },
  };
  await ctx.store.insert(sub);
  await ctx.store.emit('customer.subscription.created', sub, ctx.now);
  // The first invoice: $0 for a trial, the year otherwise; both are charged at once.
  const invoice = await planInvoice(ctx, sub, 'subscription_create', {
    amount: trialEnd ? 0 : SANDBOX_PRICE.unit_amount,
    description: trialEnd ? `Trial period for ${PLAN_LINE}` : PLAN_LINE,
  });
  await finalizeInvoice(ctx, invoice);
  return ctx.store.get<SbSubscription>(sub.id) as Promise<SbSubscription>;
}

/**
 * The invoice of a period's plan line, made the subscription's latest. A cycle's invoice also takes
 * the pending invoice items scheduled for it; the first invoice has none to take.
 */
async function planInvoice(
  ctx: CustomerContext,
  sub: SbSubscription,
  reason: 'subscription_create' | 'subscription_cycle',
  line: { amount: number; description: string },
) {
  const invoice = await createInvoice(ctx, {
    subscription: sub.id,
    billing_reason: reason,
    auto_advance: true,
    pending: reason === 'subscription_cycle' ? { scheduledFor: sub.id } : 'none',
    lines: [{ ...line, metadata: {}, invoice_item: null }],
  });
  sub.latest_invoice = invoice.id;
  await ctx.store.save(sub);
  return invoice;
}

/** A period ends at `at`: the subscription ends if cancelled at period end, otherwise a new year starts. */
async function endPeriod(ctx: CustomerContext, sub: SbSubscription, at: number, draft = true) {
  if (sub.cancel_at_period_end) return endSubscription(ctx, sub, 'cancellation_requested', at);
  if (sub.status === 'trialing') sub.status = 'active';
  sub.items.data[0] = { ...sub.items.data[0], current_period_start: at, current_period_end: addYear(at) };
  await ctx.store.save(sub);
  await ctx.store.emit('customer.subscription.updated', sub, ctx.now);
  const invoice = await planInvoice(ctx, sub, 'subscription_cycle', {
    amount: SANDBOX_PRICE.unit_amount,
    description: PLAN_LINE,
  });
  // Ending a trial through the API invoices at once; at a scheduled period end the draft waits an hour.
  if (!draft) await finalizeInvoice(ctx, invoice);
}

export async function endTrialNow(ctx: CustomerContext, sub: SbSubscription) {
  if (sub.status !== 'trialing') return;
  sub.trial_end = ctx.now;
  await warnTrialEnding(ctx, sub);
  await endPeriod(ctx, sub, ctx.now, false);
}

// Stripe's customer.subscription.trial_will_end: 3 days before a trial ends, or when it is ended now.
async function warnTrialEnding(ctx: CustomerContext, sub: SbSubscription) {
  if (sub.sandbox_trial_warned) return;
  sub.sandbox_trial_warned = true;
  await ctx.store.save(sub);
  await ctx.store.emit('customer.subscription.trial_will_end', sub, ctx.now);
}

const TRIAL_WARNING_SECONDS = 3 * DAY_SECONDS;

interface Due {
  at: number;
  run(): Promise<unknown>;
}

async function dueWork(ctx: CustomerContext): Promise<Due[]> {
  const subs = await ctx.store.list<SbSubscription>('subscription', ctx.customer.id);
  const invoices = await ctx.store.list<SbInvoice>('invoice', ctx.customer.id);
  return [
    ...subs
      .filter((sub) => sub.status === 'trialing' && sub.trial_end && !sub.sandbox_trial_warned)
      .map((sub) => ({ at: sub.trial_end! - TRIAL_WARNING_SECONDS, run: () => warnTrialEnding(ctx, sub) })),
    ...subs
      .filter((sub) => isLiveStatus(sub.status))
      .map((sub) => ({ at: periodEnd(sub), run: () => endPeriod(ctx, sub, periodEnd(sub)) })),
    ...invoices
      .filter((i) => i.status === 'draft' && i.automatically_finalizes_at !== null)
      .map((i) => ({ at: i.automatically_finalizes_at!, run: () => finalizeInvoice(ctx, i) })),
    ...invoices
      .filter((i) => i.status === 'open' && i.next_payment_attempt !== null)
      .map((i) => ({ at: i.next_payment_attempt!, run: () => attemptPayment(ctx, i, 'scheduled') })),
  ];
}

/** The earliest time something is due for this customer, or null. */
export async function nextDue(ctx: CustomerContext): Promise<number | null> {
  const due = await dueWork(ctx);
  return due.length ? Math.min(...due.map((d) => d.at)) : null;
}

/** Runs, in time order, one piece of work due at or before the customer's clock; answers whether there was one. */
export async function runOneDue(ctx: CustomerContext): Promise<boolean> {
  const due = (await dueWork(ctx)).filter((d) => d.at <= ctx.now).sort((a, b) => a.at - b.at);
  if (!due.length) return false;
  await due[0].run();
  return true;
}
