import type { RoutesPlugin } from '../deps';
import {
  checkoutSchema,
  endTrialSchema,
  portalSchema,
  statusSchema,
  usageEmailsReadSchema,
  usageEmailsUpdateSchema,
} from './schemas';
import { openPortal, startCheckout, startPaidPlan, subscriptionStatus } from './service';
import { setUsageEmails, usageEmailsOn } from './emails/settings';
import { stripeWebhookRoutes } from './stripe-webhook';

export const billingRoutes: RoutesPlugin = async (app, { deps }) => {
  const auth = { onRequest: app.authenticate };

  app.post('/create-checkout-session', { schema: checkoutSchema, ...auth }, (request) =>
    startCheckout(deps, request.userId, request.log),
  );
  app.post('/create-portal-session', { schema: portalSchema, ...auth }, (request) =>
    openPortal(deps, request.userId),
  );
  app.get('/subscription-status', { schema: statusSchema, ...auth }, (request) =>
    subscriptionStatus(deps, request.userId, request.log),
  );
  app.post('/end-trial', { schema: endTrialSchema, ...auth }, (request) =>
    startPaidPlan(deps, request.userId, request.log),
  );
  app.get('/usage-emails', { schema: usageEmailsReadSchema, ...auth }, async (request) => ({
    enabled: await usageEmailsOn(deps.db, request.userId),
  }));
  app.put('/usage-emails', { schema: usageEmailsUpdateSchema, ...auth }, async (request) => {
    await setUsageEmails(deps.db, request.userId, request.body.enabled);
    return { enabled: request.body.enabled };
  });

  const provider = deps.billing;
  if (provider.name === 'stripe') await app.register(stripeWebhookRoutes, { deps, stripe: provider });
};
