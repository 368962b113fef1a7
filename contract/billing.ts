import type { FromSchema } from 'json-schema-to-ts';

// The billing API's requests and answers: the server's route schemas (server/src/billing/schemas.ts)
// are built from these, and the web app and the mocks take their types from them.

/** Where to send the browser: the provider's hosted checkout or billing portal. */
export const hostedPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: { url: { type: 'string' } },
} as const;

export const subscriptionStatusSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['has_subscription', 'subscription', 'billing_time'],
  properties: {
    has_subscription: { type: 'boolean' },
    billing_time: {
      type: 'integer',
      description:
        "the account's billing clock now, epoch seconds: for a trial, its Stripe test clock's frozen time or the sandbox's clock of the account, otherwise the server's clock; a trial's days left count from it",
    },
    subscription: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['status', 'current_period_end', 'cancel_at_period_end'],
      properties: {
        status: { type: 'string' },
        current_period_end: { type: ['integer', 'null'], description: 'epoch seconds' },
        cancel_at_period_end: { type: 'boolean' },
      },
    },
  },
} as const;

export const usageEmailsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: {
    enabled: { type: 'boolean', description: 'emails at 80 % and 100 % of the minutes, and receipts' },
  },
} as const;

export type HostedPage = FromSchema<typeof hostedPageSchema>;
export type SubscriptionStatus = FromSchema<typeof subscriptionStatusSchema>;
export type UsageEmails = FromSchema<typeof usageEmailsSchema>;
