import { type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { callAllowanceSql } from '../billing/subscriptions';
import { callAllotments, users } from '../db/schema';
import { CALL_TIME_LIMIT_SECONDS, callTimeLimitSql, UNREPORTED_ALLOTMENT_SECONDS } from './limits';

/** The database function that sets a trial call's minutes aside (calls/allotments.ts). */
export const ALLOT_FUNCTION = 'allot_call_time';

/**
 * The call's time limit in seconds (calls/allotments.ts, allotCallTime), its minutes set aside by the
 * function, in one SQL expression: null when there is no such account.
 */
export const allotSql = (userId: SQLWrapper, call: SQLWrapper) =>
  sql<number | null>`(select time_limit from ${sql.raw(ALLOT_FUNCTION)}(${userId}, ${call}))`;

// Its arguments, as its body names them.
const account = sql.raw('for_account');
const call = sql.raw('for_call');

// Under the account's lock, this statement's snapshot holds every allotment committed before it (in a
// volatile function each statement takes a fresh one); usage and allotments are read together (a call
// ending moves its seconds from one to the other in one transaction, applyLegEvent). The seconds
// left, less what the account's other calls under way hold, are this call's; until a report shows
// the call under way, its allotment lasts only as long as it may take to start. A null allowance (no
// cap any more) sets nothing aside and gives the longest call.
const seconds = callTimeLimitSql(sql`greatest(0, allowance - held)`);
const setAside = sql`with owner as (
      select ${callAllowanceSql(users.id)} as allowance,
        (select coalesce(sum(a.seconds), 0)::int from ${callAllotments} a
          where a.user_id = ${users.id} and a.call <> ${call} and a.expires_at > now()) as held
      from ${users} where ${users.id} = ${account}
    ), allotted as (
      insert into ${callAllotments} (call, user_id, seconds, expires_at)
      select ${call}, ${account}, ${seconds}, now() + make_interval(secs => ${UNREPORTED_ALLOTMENT_SECONDS}) from owner
        where allowance is not null and ${seconds} > 0
      on conflict (call) do update
        set user_id = excluded.user_id, seconds = excluded.seconds, expires_at = excluded.expires_at
      returning seconds
    )
    select case when allowance is null then ${CALL_TIME_LIMIT_SECONDS}
      else coalesce((select seconds from allotted), 0) end
    from owner`;

// The calls of one account take turns on its row, so each sees what the others set aside. No key
// update: the foreign-key checks of other writes go on, and deleting the account waits. The commit
// does not wait for its WAL to reach the disk (the call is ringing meanwhile): an allotment lost to a
// Postgres crash in the next ~0.6 s only lets a call started then share the trial's last minutes.
// Both in one statement: each statement of the function costs its own start.
const body = sql`
begin
  perform set_config('synchronous_commit', 'off', true) from ${users} where ${users.id} = ${account}
    for no key update;
  return query ${setAside};
end
`;

/**
 * The function's body as this code writes it, constants and billing's rule written in. Migration 0017
 * creates the function with it (`create or replace function allot_call_time(for_account uuid, for_call
 * text) returns table (time_limit integer) language plpgsql as $allot$<body>$allot$`):
 * when the rule or this statement changes, a new migration must replace it, which
 * calls-allotments.test.ts checks.
 */
export function allotFunctionBody(): string {
  return new PgDialect().sqlToQuery(body.inlineParams()).sql;
}
