import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { preparedRead } from '../db/prepared';
import { qualified } from '../db/qualified';
import { subscriptions, usageMonths, users } from '../db/schema';
import { TRIAL_CALL_MINUTES } from '../../../rules/plan';

// Service follows payment: trialing, active, and past_due while the provider retries a failed
// payment. Unpaid, canceled, incomplete and incomplete_expired are not live.
const LIVE_STATUSES = ['trialing', 'active', 'past_due'];
export const isLive = (status: string | undefined) => LIVE_STATUSES.includes(status ?? '');

// A trial's terms: trialing, or past_due before any payment (its first payment is being retried).
const TRIAL_TERMS = sql`(s.status = 'trialing' or (s.status = 'past_due' and s.first_paid_at is null))`;
// All the account's call minutes: a trial is its first subscription, so they are all the trial's.
const minutesUsed = sql`(select coalesce(sum(u.minutes), 0) from ${usageMonths} u where u.user_id = s.user_id)`;

// One SQL expression per rule, so the voice webhook folds it into its single prepared query.
// Live and not past its period end (a subscription cancelled at period end stays live until then).
function liveSubscriptionSql(column: AnyPgColumn) {
  const userId = qualified(column);
  return sql<boolean>`exists (
    select 1 from ${subscriptions} s where s.user_id = ${userId}
      and s.status in (${sql.raw(LIVE_STATUSES.map((status) => `'${status}'`).join(', '))})
      and (s.current_period_end is null or s.current_period_end > now()))`;
}

/** Whether the account is under a trial's terms, and so its minutes under the trial's cap. */
export const trialTermsSql = (userId: SQL | Placeholder) =>
  sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${userId} and ${TRIAL_TERMS})`;

/**
 * How long the account's next call may last, in seconds: 0 when it has no service (no live
 * subscription, or a trial whose minutes are used up), null when no trial cap applies. One rule
 * answers both whether calls go through and when a trial's last call ends, summing usage once.
 */
export function callAllowanceSql(column: AnyPgColumn) {
  const userId = qualified(column);
  return sql<number | null>`(case when ${liveSubscriptionSql(column)}
    then (select case when ${TRIAL_TERMS} then greatest(0, ${TRIAL_CALL_MINUTES} - ${minutesUsed})::int * 60 end
      from ${subscriptions} s where s.user_id = ${userId})
    else 0 end)`;
}

/** Whether an allowance (callAllowanceSql) lets calls go through. */
export const allowsCalls = (allowance: number | null) => allowance !== 0;
// Live, and not a trial whose minutes are used up: calls go through.
export const serviceOnSql = (column: AnyPgColumn) =>
  sql<boolean>`(${callAllowanceSql(column)} is distinct from 0)`;

const holds = (db: Db | Tx, userId: string, rule: SQL) =>
  db
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.id, userId), rule))
    .then((rows) => rows.length > 0);

export const hasLiveSubscription = (db: Db | Tx, userId: string) =>
  holds(db, userId, liveSubscriptionSql(users.id));

/** The account's allowance for its next call (callAllowanceSql). */
export const callAllowance = (db: Db | Tx, userId: string) =>
  db
    .select({ seconds: callAllowanceSql(users.id) })
    .from(users)
    .where(eq(users.id, userId))
    // No such account has no service; its row's null means no cap.
    .then(([row]) => (row ? row.seconds : 0));

const subscriptionOf = preparedRead((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .prepare('subscription_of'),
);

export async function findSubscription(db: Db | Tx, userId: string) {
  const [row] = await subscriptionOf(db).execute({ userId });
  return row;
}

// Remembers the provider's customer before checkout completes, without touching a live plan.
export async function saveCustomer(db: Db, userId: string, provider: string, customerId: string) {
  await db
    .insert(subscriptions)
    .values({ userId, provider, customerId, status: 'incomplete' })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { customerId, provider, updatedAt: new Date() },
    });
}

// The account's first paid subscription invoice over $0 ends its trial terms. Found by customer: the
// invoice's event may come before its subscription's.
export async function recordFirstPayment(db: Db, customerId: string) {
  await db
    .update(subscriptions)
    .set({ firstPaidAt: new Date() })
    .where(and(eq(subscriptions.customerId, customerId), isNull(subscriptions.firstPaidAt)));
}
