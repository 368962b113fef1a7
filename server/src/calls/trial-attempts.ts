import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls } from '../db/schema';
import { HttpError } from '../http/errors';
import { TRIAL_UNCONNECTED_CALLS_PER_DAY } from './limits';
import { callRefusals } from '../../../contract/refusals/calls';

/**
 * A trial's click-to-calls that connected nobody still cost us their first leg (the prompt, the
 * recipient ringing: docs/billing.md, "Unit economics") and count no minute, so a trial may place
 * only so many of them a UTC day. Calls that talked do not count: those are capped by the trial's
 * minutes. `allowance` is the account's call allowance (null: not a trial, no cap).
 */
export async function assertTrialAttemptsLeft(db: Db, userId: string, allowance: number | null) {
  if (allowance === null) return;
  const [row] = await db
    .select({ attempts: count() })
    .from(calls)
    .where(
      and(
        eq(calls.userId, userId),
        eq(calls.direction, 'outbound'),
        eq(calls.durationSeconds, 0),
        gte(calls.createdAt, sql`date_trunc('day', now(), 'UTC')`),
      ),
    );
  if (row.attempts >= TRIAL_UNCONNECTED_CALLS_PER_DAY) {
    throw new HttpError(callRefusals.trialAttemptsUsed(TRIAL_UNCONNECTED_CALLS_PER_DAY));
  }
}
