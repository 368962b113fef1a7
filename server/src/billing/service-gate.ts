import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { allowsCalls, callAllowance, hasLiveSubscription, stoppedBy } from './subscriptions';
import { billingRefusals } from '../../../contract/refusals/billing';

/** Why an account whose allowance is 0 has no calls: no live plan, or which cap or payment stops them. */
export type StopReason = 'inactive' | 'first_payment' | 'trial_cap' | 'past_due_cap';

const STOPPED: Record<StopReason, () => HttpError> = {
  trial_cap: () => new HttpError(billingRefusals.trialMinutesUsed),
  first_payment: () => new HttpError(billingRefusals.paymentRequired),
  past_due_cap: () => new HttpError(billingRefusals.pastDueMinutesUsed),
  inactive: () => new HttpError(billingRefusals.callsNeedService),
};

export async function stopReason(db: Db, userId: string): Promise<StopReason> {
  return (await hasLiveSubscription(db, userId)) ? stoppedBy(db, userId) : 'inactive';
}

/**
 * Click-to-call needs service: a live subscription with minutes left under its cap (402 otherwise).
 * Answers the call's allowance: how many seconds it may last, null when no cap applies.
 */
export async function requireService(db: Db, userId: string): Promise<number | null> {
  const allowance = await callAllowance(db, userId);
  if (allowsCalls(allowance)) return allowance;
  throw STOPPED[await stopReason(db, userId)]();
}
