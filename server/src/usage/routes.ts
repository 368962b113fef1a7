import { eq, sql } from 'drizzle-orm';
import { preparedRead } from '../db/prepared';
import { trialTermsSql } from '../billing/subscriptions';
import { usageMonths } from '../db/schema';
import type { RoutesPlugin } from '../deps';
import { monthOf } from './months';
import { usageRoute } from '../calls/schemas';
import { INCLUDED_MINUTES, overageCents, TRIAL_CALL_MINUTES } from '../../../rules/plan';

/**
 * The month's minutes, and whether the account is under a trial's terms (billing's rule: trialing,
 * or its first payment still failing) with its minutes so far (a trial's minutes are all of the
 * account's usage, since a trial is its first subscription): one statement.
 */
const usageOf = preparedRead((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      monthMinutes: sql<number>`coalesce(sum(${usageMonths.minutes}) filter (where ${usageMonths.month} = ${sql.placeholder('month')}), 0)::int`,
      allMinutes: sql<number>`coalesce(sum(${usageMonths.minutes}), 0)::int`,
      trialing: trialTermsSql(userId),
    })
    .from(usageMonths)
    .where(eq(usageMonths.userId, userId))
    .prepare('dashboard_usage');
});

export const usageRoutes: RoutesPlugin = async (app, { deps }) => {
  app.route({
    ...usageRoute,
    onRequest: app.authenticate,
    handler: async (request) => {
      const now = new Date();
      const month = monthOf(now);
      const [{ monthMinutes: minutesUsed, allMinutes, trialing }] = await usageOf(deps.db).execute({
        userId: request.userId,
        month,
      });
      const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
      return {
        period_start: month,
        period_end: lastDay.toISOString().slice(0, 10),
        minutes_used: minutesUsed,
        included_minutes: INCLUDED_MINUTES,
        overage_cents: overageCents(minutesUsed),
        trial: trialing ? { minutes_used: allMinutes, minutes_limit: TRIAL_CALL_MINUTES } : null,
      };
    },
  });
};
