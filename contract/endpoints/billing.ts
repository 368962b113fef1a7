import type { Endpoint } from '../endpoint';
import { hostedPageSchema, subscriptionStatusSchema, usageEmailsSchema } from '../billing';
import { nothing } from '../fields';
import { billingRefusals } from '../refusals/billing';
import { providerRefusals } from '../refusals/providers';

/** The subscription, its hosted pages and the usage emails' recipients. */
export const billingEndpoints = {
  checkout: {
    method: 'POST',
    path: '/billing/create-checkout-session',
    body: nothing,
    answer: hostedPageSchema,
    refusals: [providerRefusals.noCheckoutPage],
  },
  portal: {
    method: 'POST',
    path: '/billing/create-portal-session',
    body: nothing,
    answer: hostedPageSchema,
    refusals: [billingRefusals.noSubscription, providerRefusals.paymentProviderFailed],
  },
  subscriptionStatus: {
    method: 'GET',
    path: '/billing/subscription-status',
    querystring: nothing,
    answer: subscriptionStatusSchema,
    refusals: [providerRefusals.paymentProviderFailed],
  },
  endTrial: {
    method: 'POST',
    path: '/billing/end-trial',
    body: nothing,
    answer: subscriptionStatusSchema,
    refusals: [billingRefusals.notInTrial, providerRefusals.paymentProviderFailed],
  },
  usageEmails: {
    method: 'GET',
    path: '/billing/usage-emails',
    querystring: nothing,
    answer: usageEmailsSchema,
  },
  setUsageEmails: {
    method: 'PUT',
    path: '/billing/usage-emails',
    body: usageEmailsSchema,
    answer: usageEmailsSchema,
  },
} as const satisfies Record<string, Endpoint>;
