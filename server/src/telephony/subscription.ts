import type { Db } from '../db/client';
import { hasLiveSubscription } from '../billing/subscriptions';
import { HttpError } from '../http/errors';

// Buying, configuring and calling cost us money: they need a live (trialing or active) plan.
// The billing providers keep the subscriptions row true; this only reads it.
export async function requireLiveSubscription(db: Db, userId: string): Promise<void> {
  if (await hasLiveSubscription(db, userId)) return;
  throw new HttpError(
    403,
    'subscription_required',
    'An active subscription is required. Please start your trial or renew your plan.',
  );
}
