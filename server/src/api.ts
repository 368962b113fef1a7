import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { billingRoutes } from './billing/routes';
import { callEventRoutes } from './calls/call-events-route';
import { callRoutes } from './calls/routes';
import { callWebhooks } from './calls/webhooks';
import { healthRoutes } from './health/routes';
import { numberRoutes } from './numbers/routes';
import { sandboxBillingApi, sandboxTelephonyApi } from './providers/sandboxes';
import { usageRoutes } from './usage/routes';
import { textRoutes } from './texts/routes';

// Every API route lives under /api; each route's path is its contract's (contract/endpoints/).
export async function apiRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(accountRoutes, { deps });
  await app.register(billingRoutes, { deps });
  await app.register(sandboxBillingApi, { deps });
  await app.register(telephonyApi, { deps });
}

// Numbers, calls, usage and Twilio's webhooks: what uses the telephony provider, closed with it.
async function telephonyApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(numberRoutes, { deps });
  await app.register(callRoutes, { deps });
  await app.register(callEventRoutes, { deps });
  await app.register(usageRoutes, { deps });
  await app.register(textRoutes, { deps });
  await app.register(callWebhooks, { deps });
  await app.register(sandboxTelephonyApi, { deps });
  app.addHook('onClose', async () => deps.telephony.close());
}
