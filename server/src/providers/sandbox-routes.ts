import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { sandboxBillingRoutes } from './billing/sandbox/routes';
import { sandboxTelephonyRoutes } from './telephony/sandbox/routes';
import { SandboxTelephony } from './telephony/sandbox/telephony';

// The embedded providers' own routes, for api.ts: each is registered only when its sandbox is the
// configured provider.

// The billing sandbox's hosted pages and test helpers, answered only when BILLING=sandbox.
export async function sandboxBillingApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const provider = deps.billing;
  if (provider.name === 'sandbox')
    await app.register(sandboxBillingRoutes, { deps, sandbox: provider.sandbox });
}

// The sandbox carrier's inbound calls and its link to the webhooks, only with the sandbox telephony.
export async function sandboxTelephonyApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  if (deps.telephony instanceof SandboxTelephony) {
    await app.register(sandboxTelephonyRoutes, { deps, sandbox: deps.telephony });
  }
}
