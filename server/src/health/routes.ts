import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { nothing } from '../../../contract/fields';
import { checkDatabase, checkRedis } from './checks';

const check = { type: 'string', enum: ['ok', 'failed', 'timeout', 'not_configured'] } as const;
const readiness = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'unready'] },
    draining: { type: 'boolean' },
    database: check,
    redis: check,
  },
} as const;

// For a load balancer or orchestrator: live = the process answers (restart it if not); ready = it can
// serve now (send it traffic). /api/health stays the database check the product has always had.
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

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up (touches neither the database nor Redis)',
        querystring: nothing,
        response: { 200: { type: 'object', properties: { status: { type: 'string' } } } },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready for traffic: not draining, database and Redis each answer within 1 s',
        querystring: nothing,
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        checkDatabase(deps.db),
        checkRedis(app.limits.store.redis),
      ]);
      const draining = app.drain.draining;
      const ready = !draining && database === 'ok' && (redis === 'ok' || redis === 'not_configured');
      // Neither a proxy nor the browser may keep an old answer.
      reply.header('cache-control', 'no-store');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unready', draining, database, redis });
    },
  );
}
