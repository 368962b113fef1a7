import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { preparedRead } from '../db/prepared';
import { qualified } from '../db/qualified';
import { subscriptions, trials, usageMonths, users } from '../db/schema';
import { SERVICE_GRACE_DAYS } from './plan';
import { DAY_MS } from '../../../rules/days';
import type { SubscriptionState } from '../providers/billing/provider';
import { INCLUDED_MINUTES, TRIAL_CALL_MINUTES } from '../../../rules/plan';
import { isLiveStatus, LIVE_SUBSCRIPTION_STATUSES } from '../../../rules/subscriptions';

// Never paid, and past_due: its first payment is failing. With a trial of its own, it keeps the
// trial's terms while Stripe retries; without one (its card had a trial before, so the year was due at
// once), it has no calls until it pays.
const UNPAID = sql`(s.status = 'past_due' and s.first_paid_at is null)`;
const OWN_TRIAL = sql`exists (select 1 from ${trials} t where t.subscription_id = s.subscription_id)`;
// A trial's terms: trialing, or a trial whose first payment is being retried.
const TRIAL_TERMS = sql`(s.status = 'trialing' or (${UNPAID} and ${OWN_TRIAL}))`;
// All the account's call minutes: a trial is its first subscription, so they are all the trial's.
const minutesUsed = sql`(select coalesce(sum(u.minutes), 0) from ${usageMonths} u where u.user_id = s.user_id)`;
// This UTC month's minutes.
const monthMinutes = sql`(select coalesce(sum(u.minutes), 0) from ${usageMonths} u where u.user_id = s.user_id
  and u.month = date_trunc('month', now() at time zone 'UTC')::date)`;

// One SQL expression per rule, so the voice webhook folds it into its single prepared query.
// Live by Stripe's status. Stripe moves a period on (renewal, trial end) a little after its end and
// tells us later still, so the period end given by the last event counts only after a grace: only
// Stripe's own word (a status that is not live) ends service. A condition on the subscription row `s`.
const LIVE = sql<boolean>`(s.status in (${sql.raw(LIVE_SUBSCRIPTION_STATUSES.map((status) => `'${status}'`).join(', '))})
  and (s.current_period_end is null
    or s.current_period_end + make_interval(days => ${SERVICE_GRACE_DAYS}) > now()))`;

function liveSubscriptionSql(column: AnyPgColumn) {
  return sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${qualified(column)} and ${LIVE})`;
}

/** The JavaScript twin of liveSubscriptionSql, for a subscription row already read. */
export const liveRow = (row: {
  subscriptionId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
}) =>
  Boolean(row.subscriptionId) &&
  isLiveStatus(row.status) &&
  (!row.currentPeriodEnd || row.currentPeriodEnd.getTime() + SERVICE_GRACE_DAYS * DAY_MS > Date.now());

/** Whether the account is under a trial's terms, and so its minutes under the trial's cap. */
export const trialTermsSql = (userId: SQL | Placeholder) =>
  sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${userId} and ${TRIAL_TERMS})`;

/**
 * How long the account's next call may last, in seconds: 0 when it has no service (no live
 * subscription, a first payment failing without a trial of its own, or its capped minutes used up),
 * null when no cap applies. Capped: a trial's 300 minutes in all; and while a paid account's
 * payment is failing (no usage is charged then), the month's included minutes. One rule answers
 * both whether calls go through and when the last call ends, summing usage once.
 */
export function callAllowanceSql(column: AnyPgColumn) {
  // One read of the subscription row (none: no service) and one of its trial: every inbound call
  // evaluates this, and Postgres starts each subquery's plan on every execution, used or not. Unpaid
  // comes after the trial's terms, which hold an unpaid subscription with a trial of its own.
  return sql<number | null>`(select case
      when s.user_id is null or not ${LIVE} then 0
      when ${TRIAL_TERMS} then greatest(0, ${TRIAL_CALL_MINUTES} - ${minutesUsed})::int * 60
      when ${UNPAID} then 0
      when s.status = 'past_due' then greatest(0, ${INCLUDED_MINUTES} - ${monthMinutes})::int * 60
    end
    from (select) as one left join ${subscriptions} s on s.user_id = ${qualified(column)})`;
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

/** Why a live account's calls are stopped (its allowance is 0): which cap, or the first payment. */
export async function stoppedBy(
  db: Db,
  userId: string,
): Promise<'first_payment' | 'trial_cap' | 'past_due_cap'> {
  const [row] = await db
    .select({
      unpaidWithoutTrial: sql<boolean>`${UNPAID} and not ${OWN_TRIAL}`,
      trial: sql<boolean>`${TRIAL_TERMS}`,
    })
    .from(sql`${subscriptions} s`)
    .where(sql`s.user_id = ${userId}`);
  if (row?.unpaidWithoutTrial) return 'first_payment';
  return row?.trial ? 'trial_cap' : 'past_due_cap';
}

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

/** Whether the provider's state of the account's subscription says more than its row does. */
export const stateChanged = (
  row: { status: string; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean },
  state: SubscriptionState,
) =>
  state.status !== row.status ||
  state.cancelAtPeriodEnd !== row.cancelAtPeriodEnd ||
  state.currentPeriodEnd?.getTime() !== row.currentPeriodEnd?.getTime();

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
