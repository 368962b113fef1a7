import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { type ClickToCallRequest, createCall } from './create';
import { callHistory } from './history';
import { createCallSchema, listCallsSchema } from './schemas';

interface ListQuery {
  page: number;
  per_page: number;
  start_date?: string;
  end_date?: string;
  direction?: 'inbound' | 'outbound';
}

export async function callRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.post<{ Body: ClickToCallRequest }>(
    '/twilio/create-call',
    { schema: createCallSchema, onRequest: app.authenticate },
    async (request, reply) => {
      reply.code(201);
      return createCall(deps, request.userId, request.body);
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/dashboard/calls',
    { schema: listCallsSchema, onRequest: app.authenticate },
    (request) => {
      const q = request.query;
      if (q.start_date && q.end_date && q.start_date > q.end_date) {
        throw new HttpError(400, 'bad_request', 'The start date must not be after the end date.');
      }
      return callHistory(deps.db, request.userId, {
        page: q.page,
        perPage: q.per_page,
        startDate: q.start_date,
        endDate: q.end_date,
        direction: q.direction,
      });
    },
  );
}
