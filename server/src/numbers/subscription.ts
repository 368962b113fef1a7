import type { Db } from '../db/client';
import { hasLiveSubscription } from '../billing/subscriptions';
import { HttpError } from '../http/errors';
import { numberRefusals } from '../../../contract/refusals/numbers';

// Buying and configuring cost us money: they need a live plan (trialing, active, or past_due while
// a payment is retried).
// The billing providers keep the subscriptions row true; this only reads it.
export async function requireLiveSubscription(db: Db, userId: string): Promise<void> {
  if (await hasLiveSubscription(db, userId)) return;
  throw new HttpError(numberRefusals.needsSubscription);
}
