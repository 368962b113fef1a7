import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import type { JobDeps } from '../jobs/schedule';
import type { TaskLog } from '../billing/tasks';
import { deliverSandboxEvents } from '../sandbox/billing/deliver';
import { sandboxBillingRoutes } from '../sandbox/billing/routes';
import { runAllDue } from '../sandbox/billing/stripe/hosted';
import { sandboxTelephonyRoutes } from '../sandbox/telephony/routes';
import { SandboxTelephony } from '../sandbox/telephony/telephony';

// What the app and its jobs reach of the embedded providers (api.ts, jobs/schedule.ts): each does
// something only when its sandbox is the configured provider.

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

// The embedded sandbox plays Stripe in real time too: what fell due (trial ends, renewals,
// payment retries) happens, and its events reach our handling.
export async function runSandboxDue(deps: JobDeps, log: TaskLog) {
  if (deps.billing.name !== 'sandbox') return {};
  const steps = await runAllDue(deps.billing.sandbox);
  return { sandboxSteps: steps, sandboxEvents: await deliverSandboxEvents(deps, deps.billing.sandbox, log) };
}
