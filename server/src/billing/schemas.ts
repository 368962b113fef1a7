import { errorBodySchema } from '../http/errors';
import { nothing } from '../http/fields';

const url = { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } as const;
const errors = { 401: errorBodySchema, 502: errorBodySchema } as const;

export const checkoutSchema = {
  tags: ['billing'],
  summary: 'Start the hosted checkout of the yearly plan with a 14-day trial; answers its url',
  security: [{ bearer: [] }],
  body: nothing,
  response: { 200: url, 409: errorBodySchema, ...errors },
} as const;

export const portalSchema = {
  tags: ['billing'],
  summary: 'Open the hosted billing portal (cancel, resume, card, invoices); answers its url',
  security: [{ bearer: [] }],
  body: nothing,
  response: { 200: url, 404: errorBodySchema, ...errors },
} as const;

export const subscriptionStatusBody = {
  type: 'object',
  required: ['has_subscription', 'subscription'],
  properties: {
    has_subscription: { type: 'boolean' },
    subscription: {
      type: ['object', 'null'],
      properties: {
        status: { type: 'string' },
        current_period_end: { type: ['integer', 'null'], description: 'epoch seconds' },
        cancel_at_period_end: { type: 'boolean' },
      },
    },
  },
} as const;

export const statusSchema = {
  tags: ['billing'],
  summary:
    'Whether the account has a live subscription (trialing, active, or past_due while a payment is retried)',
  security: [{ bearer: [] }],
  querystring: nothing,
  response: { 200: subscriptionStatusBody, ...errors },
} as const;

const usageEmails = {
  type: 'object',
  required: ['enabled'],
  properties: {
    enabled: { type: 'boolean', description: 'emails at 80 % and 100 % of the minutes, and receipts' },
  },
} as const;

export const usageEmailsSchema = {
  tags: ['billing'],
  summary: 'Whether usage emails (80 % and 100 % of the included minutes, receipts of extra minutes) are on',
  security: [{ bearer: [] }],
  querystring: nothing,
  response: { 200: usageEmails, 401: errorBodySchema },
} as const;

export const usageEmailsUpdateSchema = {
  tags: ['billing'],
  summary: 'Turn usage emails on or off',
  security: [{ bearer: [] }],
  body: { ...usageEmails, additionalProperties: false },
  response: { 200: usageEmails, 400: errorBodySchema, 401: errorBodySchema },
} as const;
