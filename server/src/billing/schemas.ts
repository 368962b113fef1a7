import { billingEndpoints } from '../../../contract/endpoints/billing';
import { endpointRoute } from '../http/route-schema';

const secured = { security: [{ bearer: [] }] } as const;

export const checkoutRoute = endpointRoute(billingEndpoints.checkout, {
  tags: ['billing'],
  summary: 'Start the hosted checkout of the yearly plan with a 14-day trial; answers its url',
  ...secured,
});

export const portalRoute = endpointRoute(billingEndpoints.portal, {
  tags: ['billing'],
  summary: 'Open the hosted billing portal (cancel, resume, card, invoices); answers its url',
  ...secured,
});

export const statusRoute = endpointRoute(billingEndpoints.subscriptionStatus, {
  tags: ['billing'],
  summary:
    'Whether the account has a live subscription (trialing, active, or past_due while a payment is retried)',
  ...secured,
});

export const endTrialRoute = endpointRoute(billingEndpoints.endTrial, {
  tags: ['billing'],
  summary: 'Start the paid plan now: the free trial ends and the year is charged to the card on file',
  ...secured,
});

export const usageEmailsReadRoute = endpointRoute(billingEndpoints.usageEmails, {
  tags: ['billing'],
  summary: 'Whether usage emails (80 % and 100 % of the included minutes, receipts of extra minutes) are on',
  ...secured,
});

export const usageEmailsUpdateRoute = endpointRoute(billingEndpoints.setUsageEmails, {
  tags: ['billing'],
  summary: 'Turn usage emails on or off',
  ...secured,
});
