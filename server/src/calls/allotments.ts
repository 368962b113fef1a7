import { and, eq, gt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { callAllowanceSql } from '../billing/subscriptions';
import type { Db, Tx } from '../db/client';
import { callAllotments, users } from '../db/schema';
import { ALLOTMENT_GRACE_SECONDS, callTimeLimit, UNREPORTED_ALLOTMENT_SECONDS } from './limits';

/**
 * A call about to be put through gets its time limit (seconds): two hours, or, under a trial's
 * terms, what the trial has left less what its other calls under way have set aside, which this
 * call then sets aside until its end is reported (releaseAllotment). 0: nothing left, do not put
 * it through. Asking again for the same call (a redelivered webhook) replaces its allotment.
 * `allowance` is the caller's read of it (callAllowanceSql): without a cap nothing is written.
 */
export async function allotCallTime(
  db: Db,
  userId: string,
  call: string,
  allowance: number | null,
): Promise<number> {
  if (allowance === null) return callTimeLimit(null);
  return db.transaction(async (tx) => {
    // The calls of one account take turns on its row, so each sees what the others set aside. No key
    // update: the foreign-key checks of other writes go on, and deleting the account waits.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    // One statement, so usage and allotments are read together: a call ending meanwhile moves its
    // seconds from one to the other in one transaction (applyLegEvent).
    const [row] = await tx
      .select({
        allowance: callAllowanceSql(users.id),
        held: sql<number>`(select coalesce(sum(${callAllotments.seconds}), 0)::int from ${callAllotments}
          where ${and(
            eq(callAllotments.userId, userId),
            ne(callAllotments.call, call),
            gt(callAllotments.expiresAt, sql`now()`),
          )})`,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return 0;
    if (row.allowance === null) return callTimeLimit(null);
    const seconds = callTimeLimit(Math.max(0, row.allowance - row.held));
    if (seconds === 0) return 0;
    // Until a report shows the call under way, the allotment lasts only as long as it may take to start.
    const allotment = { userId, seconds, expiresAt: secondsFromNow(UNREPORTED_ALLOTMENT_SECONDS) };
    await tx
      .insert(callAllotments)
      .values({ call, ...allotment })
      .onConflictDoUpdate({ target: callAllotments.call, set: allotment });
    return seconds;
  });
}

const secondsFromNow = (seconds: number | SQL) => sql`now() + make_interval(secs => ${seconds})`;

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
export async function releaseAllotment(tx: Tx, userId: string, call: string): Promise<void> {
  await tx
    .delete(callAllotments)
    .where(
      and(
        eq(callAllotments.userId, userId),
        or(eq(callAllotments.call, call), lte(callAllotments.expiresAt, sql`now()`)),
      ),
    );
}
