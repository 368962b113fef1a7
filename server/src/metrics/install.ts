import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { mayReadMetrics } from './access';
import { recordRequests } from './http';
import { collectProcessMetrics, processRegistry } from './process';
import { recordState } from './state';
import { httpRefusals } from '../../../contract/refusals/http';

/**
 * Records the app's metrics and serves them, with the process's, at GET /metrics in Prometheus's
 * text format (docs/operations-observability.md). Call after installLimits, whose state it reads.
 */
export function installMetrics(
  app: FastifyInstance,
  { db, callEvents, metricsToken }: { db: Db; callEvents: { streams: number }; metricsToken?: string },
) {
  collectProcessMetrics();
  // Each app its own registry: tests build several apps in one process.
  const registry = new Registry();
  recordRequests(app, registry);
  recordState(registry, { db, limits: app.limits.store, callEvents });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, metricsToken)) {
      throw new HttpError(httpRefusals.metricsForbidden);
    }
    const all = Registry.merge([processRegistry, registry]);
    return reply.type(all.contentType).send(await all.metrics());
  });
}
