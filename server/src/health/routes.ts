import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { nothing } from '../../../contract/fields';

export async function healthRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        querystring: nothing,
        response: { 200: { type: 'object', properties: { status: { type: 'string' } } } },
      },
    },
    async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' };
    },
  );
}
