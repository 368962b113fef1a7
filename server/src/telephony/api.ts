import type { FastifyInstance } from 'fastify';
import { callRoutes } from '../calls/routes';
import type { AppDeps } from '../deps';
import { SandboxTelephony } from '../providers/sandbox-telephony';
import { usageRoutes } from '../usage/routes';
import { numberRoutes } from './routes';
import { sandboxTelephonyRoutes } from './sandbox-routes';
import { telephonyWebhooks } from './webhooks';

// Numbers, calls, usage and the telephony webhooks, as one plugin for api.ts.
export async function telephonyApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(numberRoutes, { deps });
  await app.register(callRoutes, { deps });
  await app.register(usageRoutes, { deps });
  await app.register(telephonyWebhooks, { deps });
  if (deps.telephony instanceof SandboxTelephony) {
    await app.register(sandboxTelephonyRoutes, { deps, sandbox: deps.telephony });
  }
  app.addHook('onClose', async () => deps.telephony.close());
}
