import { and, eq, lte, or, type SQL, sql } from 'drizzle-orm';
import { callAllowanceSql } from '../billing/subscriptions';
import type { Db, Tx } from '../db/client';
import { namedStatement } from '../db/prepared';
import { callAllotments, users } from '../db/schema';
import {
  ALLOTMENT_GRACE_SECONDS,
  callTimeLimit,
  callTimeLimitSql,
  UNREPORTED_ALLOTMENT_SECONDS,
} from './limits';

const account = sql.placeholder('account');
const call = sql.placeholder('call');

// The calls of one account take turns on its row, so each sees what the others set aside. No key
// update: the foreign-key checks of other writes go on, and deleting the account waits. The commit
// does not wait for its WAL to reach the disk (the call is ringing meanwhile): an allotment lost to a
// Postgres crash in the next ~0.6 s only lets a call started then share the trial's last minutes.
const lockAccount = namedStatement(
  'allot_lock',
  sql`select set_config('synchronous_commit', 'off', true) from ${users}
    where ${users.id} = ${account} for no key update`,
);

// Run under the account's lock, so its snapshot holds every allotment committed before it; usage and
// allotments are read together (a call ending moves its seconds from one to the other in one
// transaction, applyLegEvent). The seconds left, less what the account's other calls under way hold,
// are this call's; until a report shows the call under way, its allotment lasts only as long as it may
// take to start. A null allowance (no cap any more) sets nothing aside.
const seconds = callTimeLimitSql(sql`greatest(0, allowance - held)`);
const setAside = namedStatement<{ allowance: number | null; seconds: number | null }>(
  'allot_set_aside',
  sql`with owner as (
      select ${callAllowanceSql(users.id)} as allowance,
        (select coalesce(sum(a.seconds), 0)::int from ${callAllotments} a
          where a.user_id = ${users.id} and a.call <> ${call} and a.expires_at > now()) as held
      from ${users} where ${users.id} = ${account}
    ), allotted as (
      insert into ${callAllotments} (call, user_id, seconds, expires_at)
      select ${call}, ${account}, ${seconds}, ${secondsFromNow(UNREPORTED_ALLOTMENT_SECONDS)} from owner
        where allowance is not null and ${seconds} > 0
      on conflict (call) do update
        set user_id = excluded.user_id, seconds = excluded.seconds, expires_at = excluded.expires_at
      returning seconds
    )
    select allowance, (select seconds from allotted) as seconds from owner`,
);

/**
 * A call about to be put through gets its time limit (seconds): two hours, or, under a trial's
 * terms, what the trial has left less what its other calls under way have set aside, which this
 * call then sets aside until its end is reported (releaseAllotment). 0: nothing left, do not put
 * it through. Asking again for the same call (a redelivered webhook) replaces its allotment.
 * `allowance` is the caller's read of it (callAllowanceSql): without a cap nothing is written.
 * It is on the caller's ring path: two prepared statements in one transaction.
 */
export async function allotCallTime(
  db: Db,
  userId: string,
  callSid: string,
  allowance: number | null,
): Promise<number> {
  if (allowance === null) return callTimeLimit(null);
  return db.transaction(async (tx) => {
    await lockAccount(tx, { account: userId });
    const [row] = await setAside(tx, { account: userId, call: callSid });
    if (!row) return 0;
    return row.allowance === null ? callTimeLimit(null) : (row.seconds ?? 0);
  });
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
