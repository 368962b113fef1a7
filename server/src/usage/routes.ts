import { and, eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findSubscription } from '../billing/subscriptions';
import type { Db } from '../db/client';
import { usageMonths } from '../db/schema';
import type { AppDeps } from '../deps';
import { errorBodySchema } from '../../../contract/errors';
import { nothing } from '../../../contract/fields';
import { monthOf } from './months';
import { usageSchema } from '../../../contract/calls';
import { INCLUDED_MINUTES, overageCents, TRIAL_CALL_MINUTES } from '../../../rules/plan';

const usageRouteSchema = {
  tags: ['usage'],
  summary: "This UTC month's minutes: 100 included, 2 cents a minute over; a trial's minutes against its cap",
  security: [{ bearer: [] }],
  querystring: nothing,
  response: {
    200: usageSchema,
    401: errorBodySchema,
  },
} as const;

// A trial's minutes: all of the account's usage, since a trial is its first subscription.
async function trialUsage(db: Db, userId: string) {
  if ((await findSubscription(db, userId))?.status !== 'trialing') return null;
  const [row] = await db
    .select({ minutes: sum(usageMonths.minutes) })
    .from(usageMonths)
    .where(eq(usageMonths.userId, userId));
  return { minutes_used: Number(row?.minutes ?? 0), minutes_limit: TRIAL_CALL_MINUTES };
}

export async function usageRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/dashboard/usage', { schema: usageRouteSchema, onRequest: app.authenticate }, async (request) => {
    const now = new Date();
    const month = monthOf(now);
    const [row] = await deps.db
      .select({ minutes: usageMonths.minutes })
      .from(usageMonths)
      .where(and(eq(usageMonths.userId, request.userId), eq(usageMonths.month, month)));
    const minutesUsed = row?.minutes ?? 0;
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
    return {
      period_start: month,
      period_end: lastDay.toISOString().slice(0, 10),
      minutes_used: minutesUsed,
      included_minutes: INCLUDED_MINUTES,
      overage_cents: overageCents(minutesUsed),
      trial: await trialUsage(deps.db, request.userId),
    };
  });
}
