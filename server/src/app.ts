import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { fileURLToPath } from 'node:url';
import { apiRoutes } from './api';
import { installAuthGuard } from './auth/guard';
import type { AppDeps } from './deps';
import { installErrorHandler } from './http/errors';
import { acceptEmptyJsonBodies } from './http/json-body';
import { serveSpa } from './http/spa';

const defaultDistDir = fileURLToPath(new URL('../../dist', import.meta.url));

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: deps.config.production });
  installErrorHandler(app);
  acceptEmptyJsonBodies(app);
  installAuthGuard(app, deps.config.jwtSecret);

  await app.register(cors, { origin: deps.config.corsOrigins });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Forwardly API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(apiRoutes, { prefix: '/api', deps });
  await serveSpa(app, deps.distDir ?? defaultDistDir);
  return app;
}
