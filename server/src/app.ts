import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { fileURLToPath } from 'node:url';
import { apiRoutes } from './api';
import { installAuthGuard } from './auth/guard';
import { safeErrorLogging } from './db/log-safe';
import type { AppDeps } from './deps';
import { installDrain } from './health/drain';
import { installErrorHandler } from './http/errors';
import { acceptEmptyJsonBodies } from './http/json-body';
import { redactedRequestLogging } from './http/log-redaction';
import { installLimits } from './http/rate-limit';
import { requestIdOptions, returnRequestId } from './http/request-id';
import { installSecurityHeaders } from './http/security-headers';
import { serveSpa } from './http/spa';
import { strictValidators } from './http/validators';
import { installMetrics } from './metrics/install';

// A hop count trusts that many proxies nearest the server (Fastify's own number option trusts none).
const trustProxyOption = (trust: false | number | string[]) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

const defaultDistDir = fileURLToPath(new URL('../../dist', import.meta.url));

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger
      ? {
          ...(options.logger === true ? {} : options.logger),
          ...safeErrorLogging,
          ...redactedRequestLogging,
          serializers: { ...safeErrorLogging.serializers, ...redactedRequestLogging.serializers },
        }
      : false,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    schemaController: { compilersFactory: { buildValidator: strictValidators() } },
    // On close: idle keep-alive connections end at once, requests under way finish, and a request that
    // still arrives on an open connection is answered 503 (Fastify's defaults, stated because drain
    // relies on them).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    ...requestIdOptions,
  });
  installDrain(app);
  returnRequestId(app);
  installErrorHandler(app);
  acceptEmptyJsonBodies(app);
  installLimits(app, deps.config);
  installAuthGuard(app, deps);
  app.addHook('onReady', () => deps.callEvents.ready(2000));
  installMetrics(app, { db: deps.db, callEvents: deps.callEvents, metricsToken: deps.config.metricsToken });

  const distDir = deps.distDir ?? defaultDistDir;
  installSecurityHeaders(app, { appUrl: deps.config.appUrl, distDir });
  await app.register(cors, { origin: deps.config.corsOrigins });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Forwardly API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // The validator badge would load an image from swagger.io, which the CSP refuses.
  if (deps.config.apiDocs)
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  await app.register(apiRoutes, { prefix: '/api', deps });
  await serveSpa(app, distDir, deps.config.assetStore);
  return app;
}
