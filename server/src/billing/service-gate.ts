import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { allowsCalls, callAllowance, hasLiveSubscription, stoppedBy } from './subscriptions';
import { INCLUDED_MINUTES, TRIAL_CALL_MINUTES } from '../../../rules/plan';

/** Why an account whose allowance is 0 has no calls: no live plan, or which cap or payment stops them. */
export type StopReason = 'inactive' | 'first_payment' | 'trial_cap' | 'past_due_cap';

const STOPPED: Record<StopReason, () => HttpError> = {
  trial_cap: () =>
    new HttpError(
      402,
      'trial_minutes_used',
      `Your free trial includes ${TRIAL_CALL_MINUTES} minutes of calls and they are used up. Calls work again once your first payment goes through.`,
    ),
  first_payment: () =>
    new HttpError(
      402,
      'payment_required',
      'Your card was declined, so your plan has not started. Update your card in billing to place calls.',
    ),
  past_due_cap: () =>
    new HttpError(
      402,
      'past_due_minutes_used',
      `Your last payment failed, so calls stop at the ${INCLUDED_MINUTES} minutes your plan includes this month. Update your card in billing to call again.`,
    ),
  inactive: () =>
    new HttpError(
      402,
      'subscription_required',
      'Your number is not in service because your subscription is not active. Renew it in billing to place calls.',
    ),
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
