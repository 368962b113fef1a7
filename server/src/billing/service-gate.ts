import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { allowsCalls, callAllowance, hasLiveSubscription, stoppedBy } from './subscriptions';
import { billingRefusals } from '../../../contract/refusals/billing';

const STOPPED = {
  trial_cap: () => new HttpError(billingRefusals.trialMinutesUsed),
  first_payment: () => new HttpError(billingRefusals.paymentRequired),
  past_due_cap: () => new HttpError(billingRefusals.pastDueMinutesUsed),
};

/**
 * Click-to-call needs service: a live subscription with minutes left under its cap (402 otherwise).
 * Answers the call's allowance: how many seconds it may last, null when no cap applies.
 */
export async function requireService(db: Db, userId: string): Promise<number | null> {
  const allowance = await callAllowance(db, userId);
  if (allowsCalls(allowance)) return allowance;
  if (await hasLiveSubscription(db, userId)) throw STOPPED[await stoppedBy(db, userId)]();
  throw new HttpError(billingRefusals.callsNeedService);
}
