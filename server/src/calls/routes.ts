import { and, eq } from 'drizzle-orm';
import { calls } from '../db/schema';
import type { RoutesPlugin } from '../deps';
import { HttpError } from '../http/errors';
import { withinCallLimits } from '../limits/calls';
import { createCall } from './create';
import { callsCsv } from './csv';
import { callHistory, type Filters } from './history';
import { callRoute, callsCsvRoute, createCallRoute, listCallsRoute } from './schemas';
import { callView } from './view';
import { callRefusals } from '../../../contract/refusals/calls';

function filtersOf(q: {
  start_date?: string;
  end_date?: string;
  time_zone?: string;
  direction?: 'inbound' | 'outbound';
}): Filters {
  if (q.start_date && q.end_date && q.start_date > q.end_date) {
    throw new HttpError(callRefusals.startAfterEnd);
  }
  return { startDate: q.start_date, endDate: q.end_date, timeZone: q.time_zone, direction: q.direction };
}

// Each export reads up to 100,000 calls (csv.ts): ten a minute per account is plenty for a person.
const CSV_EXPORTS = { points: 10, seconds: 60 };

export const callRoutes: RoutesPlugin = async (app, { deps }) => {
  app.route({
    ...createCallRoute,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      reply.code(201);
      return withinCallLimits(app.limits, deps.db, request.userId, () =>
        createCall(deps, request.userId, request.body),
      );
    },
  });

  app.route({
    ...listCallsRoute,
    onRequest: app.authenticate,
    handler: (request) => {
      const { page, per_page: perPage } = request.query;
      return callHistory(deps.db, request.userId, { page, perPage, ...filtersOf(request.query) });
    },
  });

  const exports = app.limits.store.counter('csv-exports', CSV_EXPORTS);

  // Beyond the product rules: the whole history matching the list's filters, as a file.
  app.route({
    ...callsCsvRoute,
    onRequest: app.authenticate,
    // Counted once the query is valid: a mistyped filter costs no export.
    preHandler: (request) =>
      app.limits.take(exports, request.userId, (wait) => `Too many downloads. Please try again in ${wait}.`),
    handler: (request, reply) => {
      const filters = filtersOf(request.query);
      const range = [filters.startDate, filters.endDate].filter(Boolean).join('-to-');
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="calls${range ? `-${range}` : ''}.csv"`);
      // Streamed: the client receives the text the schema describes.
      reply.send(callsCsv(deps.db, request.userId, filters) as unknown as string);
    },
  });

  // One call of the signed-in account, for following a call as it happens.
  app.route({
    ...callRoute,
    onRequest: app.authenticate,
    handler: async (request) => {
      const [row] = await deps.db
        .select()
        .from(calls)
        .where(and(eq(calls.id, request.params.id), eq(calls.userId, request.userId)));
      if (!row) throw new HttpError(callRefusals.notFound);
      return { call: callView(row) };
    },
  });
};
