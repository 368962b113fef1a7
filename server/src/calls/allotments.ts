import { and, eq, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { namedStatement } from '../db/prepared';
import { callAllotments } from '../db/schema';
import { allotSql } from './allot-function';
import { ALLOTMENT_GRACE_SECONDS, CALL_TIME_LIMIT_SECONDS } from './limits';

// One round trip, in autocommit: the function takes the account's lock, then sets the minutes aside.
const allot = namedStatement<{ time_limit: number | null }>(
  'allot_call_time',
  sql`select ${allotSql(sql.placeholder('account'), sql.placeholder('call'))} as time_limit`,
);

/**
 * A call about to be put through gets its time limit (seconds): two hours, or, under a trial's
 * terms, what the trial has left less what its other calls under way have set aside, which this
 * call then sets aside until its end is reported (releaseAllotment). 0: nothing left, do not put
 * it through. Asking again for the same call (a redelivered webhook) replaces its allotment.
 * `allowance` is the caller's read of it (callAllowanceSql): without a cap nothing is written.
 * It is on the caller's ring path: one prepared statement calling the database's allot_call_time
 * (calls/allot-function.ts).
 */
export async function allotCallTime(
  db: Db,
  userId: string,
  callSid: string,
  allowance: number | null,
): Promise<number> {
  if (allowance === null) return CALL_TIME_LIMIT_SECONDS;
  const [row] = await allot(db, { account: userId, call: callSid });
  return row.time_limit ?? 0;
}

function secondsFromNow(seconds: number | SQL) {
  return sql`now() + make_interval(secs => ${seconds})`;
}

/**
 * A report shows the call under way: its allotment lasts until its time limit could have run from
 * now, and some grace. A call whose end is never reported stops holding minutes after that.
 */
export async function confirmAllotment(tx: Tx, call: string): Promise<void> {
  await tx
    .update(callAllotments)
    .set({ expiresAt: secondsFromNow(sql`${callAllotments.seconds} + ${ALLOTMENT_GRACE_SECONDS}`) })
    .where(eq(callAllotments.call, call));
}

/**
 * The call has ended: its seconds are no longer set aside (its usage is counted instead). Lapsed
 * allotments of the account go too.
 */
export async function releaseAllotment(db: Db | Tx, userId: string, call: string): Promise<void> {
  await db
    .delete(callAllotments)
    .where(
      and(
        eq(callAllotments.userId, userId),
        or(eq(callAllotments.call, call), lte(callAllotments.expiresAt, sql`now()`)),
      ),
    );
}
