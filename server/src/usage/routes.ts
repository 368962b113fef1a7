import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { usageMonths } from '../db/schema';
import type { AppDeps } from '../deps';
import { errorBodySchema } from '../http/errors';
import { INCLUDED_MINUTES, monthOf, overageCents } from './plan';

const usageSchema = {
  tags: ['usage'],
  summary: "This UTC month's minutes: 100 included, 2 cents a minute over",
  security: [{ bearer: [] }],
  response: {
    200: {
      type: 'object',
      properties: {
        period_start: { type: 'string', format: 'date' },
        period_end: { type: 'string', format: 'date' },
        minutes_used: { type: 'integer' },
        included_minutes: { type: 'integer' },
        overage_cents: { type: 'integer' },
      },
    },
    401: errorBodySchema,
  },
} as const;

export async function usageRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/dashboard/usage', { schema: usageSchema, onRequest: app.authenticate }, async (request) => {
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
    };
  });
}
