import type { InvoiceState, SubscriptionState } from '../provider';
import { idOf, type InvoiceView, type SubscriptionView } from './api';

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

// Stripe keeps the period end on each subscription item; the plan has one item.
export function subscriptionState(sub: SubscriptionView): SubscriptionState {
  const card = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer)!,
    userId: sub.metadata?.user_id,
    status: sub.status,
    createdAt: new Date(sub.created * 1000),
    currentPeriodEnd: date(sub.items.data[0]?.current_period_end ?? sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    trialEnd: date(sub.trial_end),
    endedAt: date(sub.ended_at),
    cancellationReason: sub.cancellation_details?.reason ?? null,
    cardFingerprint: card?.card?.fingerprint ?? null,
    card: card?.card ? { brand: card.card.brand, last4: card.card.last4 } : null,
    paymentMethodId: idOf(sub.default_payment_method),
  };
}

export function invoiceState(invoice: InvoiceView): InvoiceState {
  const keys = [invoice.metadata?.charge_key, ...invoice.lines.data.map((line) => line.metadata?.charge_key)];
  return {
    invoiceId: invoice.id,
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: invoice.status ?? 'draft',
    total: invoice.total,
    attempted: invoice.attempted,
    attemptCount: invoice.attempt_count,
    nextPaymentAttempt: invoice.next_payment_attempt,
    lines: invoice.lines.data.map((line) => ({ description: line.description, amount: line.amount })),
    billingReason: invoice.billing_reason,
    paymentMethodId: idOf(invoice.default_payment_method),
    chargeKeys: [...new Set(keys.filter((k): k is string => Boolean(k)))],
  };
}
