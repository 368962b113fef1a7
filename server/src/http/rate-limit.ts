import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Limits, type LimitsConfig } from '../limits/limits';

declare module 'fastify' {
  interface FastifyInstance {
    // Every limit of the API (limits/limits.ts), shared by all routes.
    limits: Limits;
  }
}

/** Makes the app's limits, closed with the app. */
export function installLimits(app: FastifyInstance, config: LimitsConfig) {
  const limits = new Limits(config, app.log);
  app.decorate('limits', limits);
  app.addHook('onReady', () => limits.ready());
  app.addHook('onClose', () => limits.close());
}

/**
 * Limits requests per client address and route, for the routes of the plugin it is called in.
 * The address is the socket's, or the one TRUST_PROXY's proxies forwarded (see config-checks.ts).
 */
export function limitRequests(app: FastifyInstance, max: number) {
  const counter = app.limits.store.counter(`requests-${max}`, { points: max, seconds: 60 });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    await app.limits.take(
      counter,
      `${request.ip} ${request.routeOptions.url}`,
      () => 'Too many attempts. Please wait a minute and try again.',
    );
  });
}
