import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { sandboxBillingRoutes } from './sandbox/routes';
import { checkoutSchema, portalSchema, statusSchema } from './schemas';
import { openPortal, startCheckout, subscriptionStatus } from './service';
import { stripeWebhookRoutes } from './stripe-webhook';

export async function billingRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const auth = { onRequest: app.authenticate };

  app.post('/create-checkout-session', { schema: checkoutSchema, ...auth }, (request) =>
    startCheckout(deps, request.userId),
  );
  app.post('/create-portal-session', { schema: portalSchema, ...auth }, (request) =>
    openPortal(deps, request.userId),
  );
  app.get('/subscription-status', { schema: statusSchema, ...auth }, (request) =>
    subscriptionStatus(deps, request.userId),
  );

  const provider = deps.billing;
  if (provider.name === 'stripe') await app.register(stripeWebhookRoutes, { deps, stripe: provider });
}

// The embedded provider's hosted pages, answered only when BILLING=sandbox.
export async function sandboxRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  if (deps.billing.name === 'sandbox') await app.register(sandboxBillingRoutes, { deps });
}
