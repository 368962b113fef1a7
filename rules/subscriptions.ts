// Service follows payment: a subscription in one of these statuses of Stripe's has service (trialing;
// active; past_due while a failed payment is retried). Unpaid, canceled, incomplete and
// incomplete_expired have none.
export const LIVE_SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due'] as const;

export const isLiveStatus = (status: string | null | undefined) =>
  (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? '');
