import { sql } from 'drizzle-orm';
import type { RoutesPlugin } from '../deps';
import { endpointRoute } from '../http/route-schema';
import { healthEndpoints, readinessSchema } from '../../../contract/endpoints/health';
import { checkDatabase, checkRedis } from './checks';

const tags = ['health'];

// For a load balancer or orchestrator: live = the process answers (restart it if not); ready = it can
// serve now (send it traffic). /api/health stays the database check the product has always had.
export const healthRoutes: RoutesPlugin = async (app, { deps }) => {
  app.route({
    ...endpointRoute(healthEndpoints.health, { tags, summary: 'Liveness and database check' }),
    handler: async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  });

  app.route({
    ...endpointRoute(healthEndpoints.live, {
      tags,
      summary: 'The process is up (touches neither the database nor Redis)',
    }),
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...endpointRoute(healthEndpoints.ready, {
      tags,
      summary: 'Ready for traffic: not draining, database and Redis each answer within 1 s',
      // Unready, it answers the same body with 503.
      answers: { 503: readinessSchema },
    }),
    handler: async (_request, reply) => {
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
  });
};
