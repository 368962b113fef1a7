import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { callAllowanceSql } from '../billing/subscriptions';
import type { Db, Tx } from '../db/client';
import { callAllotments, subscriptions, users } from '../db/schema';
import { ALLOTMENT_GRACE_SECONDS, callTimeLimit } from './limits';

/**
 * A call about to be put through gets its time limit (seconds): two hours, or, under a trial's
 * terms, what the trial has left less what its other calls under way have set aside, which this
 * call then sets aside until its end is reported (releaseAllotment). 0: nothing left, do not put
 * it through. Asking again for the same call (a redelivered webhook) replaces its allotment.
 */
export async function allotCallTime(db: Db, userId: string, call: string): Promise<number> {
  return db.transaction(async (tx) => {
    // Calls of one account wait for each other here, so each sees what the others set aside.
    await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for('update');
    const mine = eq(callAllotments.userId, userId);
    await tx
      .delete(callAllotments)
      .where(and(mine, ne(callAllotments.call, call), lte(callAllotments.expiresAt, sql`now()`)));
    // One statement, so usage and allotments are read together: a call ending meanwhile moves its
    // seconds from one to the other in one transaction (applyLegEvent).
    const [row] = await tx
      .select({
        allowance: callAllowanceSql(users.id),
        held: sql<number>`(select coalesce(sum(${callAllotments.seconds}), 0)::int from ${callAllotments}
          where ${and(mine, ne(callAllotments.call, call), gt(callAllotments.expiresAt, sql`now()`))})`,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return 0;
    if (row.allowance === null) return callTimeLimit(null);
    const seconds = callTimeLimit(Math.max(0, row.allowance - row.held));
    if (seconds === 0) return 0;
    const allotment = {
      seconds,
      expiresAt: sql`now() + make_interval(secs => ${seconds + ALLOTMENT_GRACE_SECONDS})`,
    };
    await tx
      .insert(callAllotments)
      .values({ call, userId, ...allotment })
      .onConflictDoUpdate({ target: callAllotments.call, set: { userId, ...allotment } });
    return seconds;
  });
}

/** The key a call's allotment has: the provider's sid of an inbound call, our id of a click-to-call. */
export const allotmentOf = (call: { id: string; direction: string; providerCallSid: string | null }) =>
  call.direction === 'inbound' && call.providerCallSid ? call.providerCallSid : call.id;

/** The call has ended: its seconds are no longer set aside (its usage is counted instead). */
export async function releaseAllotment(tx: Tx, call: string): Promise<void> {
  await tx.delete(callAllotments).where(eq(callAllotments.call, call));
}
