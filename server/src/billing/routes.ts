import type { RoutesPlugin } from '../deps';
import {
  checkoutRoute,
  endTrialRoute,
  portalRoute,
  statusRoute,
  usageEmailsReadRoute,
  usageEmailsUpdateRoute,
} from './schemas';
import { openPortal, startCheckout, startPaidPlan, subscriptionStatus } from './service';
import { setUsageEmails, usageEmailsOn } from './emails/settings';
import { stripeWebhookRoutes } from './stripe-webhook';

export const billingRoutes: RoutesPlugin = async (app, { deps }) => {
  const auth = { onRequest: app.authenticate };

  app.route({
    ...checkoutRoute,
    ...auth,
    handler: (request) => startCheckout(deps, request.userId, request.log),
  });
  app.route({ ...portalRoute, ...auth, handler: (request) => openPortal(deps, request.userId) });
  app.route({
    ...statusRoute,
    ...auth,
    handler: (request) => subscriptionStatus(deps, request.userId, request.log),
  });
  app.route({
    ...endTrialRoute,
    ...auth,
    handler: (request) => startPaidPlan(deps, request.userId, request.log),
  });
  app.route({
    ...usageEmailsReadRoute,
    ...auth,
    handler: async (request) => ({
      enabled: await usageEmailsOn(deps.db, request.userId),
    }),
  });
  app.route({
    ...usageEmailsUpdateRoute,
    ...auth,
    handler: async (request) => {
      await setUsageEmails(deps.db, request.userId, request.body.enabled);
      return { enabled: request.body.enabled };
    },
  });

  const provider = deps.billing;
  if (provider.name === 'stripe') await app.register(stripeWebhookRoutes, { deps, stripe: provider });
};
