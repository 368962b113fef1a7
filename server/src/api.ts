import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { billingRoutes } from './billing/routes';
import { healthRoutes } from './health/routes';
import { sandboxBillingApi } from './providers/sandbox-routes';
import { telephonyApi } from './telephony/api';

// Every API route lives under /api; each domain registers its own routes with its prefix.
export async function apiRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { prefix: '/auth', deps });
  await app.register(accountRoutes, { deps });
  await app.register(billingRoutes, { prefix: '/billing', deps });
  await app.register(sandboxBillingApi, { prefix: '/sandbox', deps });
  await app.register(telephonyApi, { deps });
}
