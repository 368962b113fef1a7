import type { FastifyInstance } from 'fastify';
import { callRoutes } from '../calls/routes';
import type { AppDeps } from '../deps';
import { sandboxTelephonyApi } from '../providers/sandbox-routes';
import { usageRoutes } from '../usage/routes';
import { numberRoutes } from './routes';
import { telephonyWebhooks } from './webhooks';

// Numbers, calls, usage and the telephony webhooks, as one plugin for api.ts.
export async function telephonyApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(numberRoutes, { deps });
  await app.register(callRoutes, { deps });
  await app.register(usageRoutes, { deps });
  await app.register(telephonyWebhooks, { deps });
  await app.register(sandboxTelephonyApi, { deps });
  app.addHook('onClose', async () => deps.telephony.close());
}
