import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { allowsCalls, callAllowance, hasLiveSubscription } from './subscriptions';
import { TRIAL_CALL_MINUTES } from '../../../rules/plan';

/**
 * Click-to-call needs service: a live subscription, and minutes left if it is a trial (402 otherwise).
 * Answers the call's allowance: how many seconds it may last, null when no trial cap applies.
 */
export async function requireService(db: Db, userId: string): Promise<number | null> {
  const allowance = await callAllowance(db, userId);
  if (allowsCalls(allowance)) return allowance;
  if (await hasLiveSubscription(db, userId)) {
    throw new HttpError(
      402,
      'trial_minutes_used',
      `Your free trial includes ${TRIAL_CALL_MINUTES} minutes of calls and they are used up. Calls work again once your first payment goes through.`,
    );
  }
  throw new HttpError(
    402,
    'subscription_required',
    'Your number is not in service because your subscription is not active. Renew it in billing to place calls.',
  );
}
