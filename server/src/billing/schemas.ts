import { REQUESTS } from '../../../contract/requests';
import { errorBodySchema } from '../../../contract/errors';
import { hostedPageSchema, subscriptionStatusSchema, usageEmailsSchema } from '../../../contract/billing';

const errors = { 401: errorBodySchema, 502: errorBodySchema } as const;

export const checkoutSchema = {
  tags: ['billing'],
  summary: 'Start the hosted checkout of the yearly plan with a 14-day trial; answers its url',
  security: [{ bearer: [] }],
  ...REQUESTS['POST /billing/create-checkout-session'],
  response: { 200: hostedPageSchema, 409: errorBodySchema, ...errors },
} as const;

export const portalSchema = {
  tags: ['billing'],
  summary: 'Open the hosted billing portal (cancel, resume, card, invoices); answers its url',
  security: [{ bearer: [] }],
  ...REQUESTS['POST /billing/create-portal-session'],
  response: { 200: hostedPageSchema, 404: errorBodySchema, ...errors },
} as const;

export const statusSchema = {
  tags: ['billing'],
  summary:
    'Whether the account has a live subscription (trialing, active, or past_due while a payment is retried)',
  security: [{ bearer: [] }],
  ...REQUESTS['GET /billing/subscription-status'],
  response: { 200: subscriptionStatusSchema, ...errors },
} as const;

export const endTrialSchema = {
  tags: ['billing'],
  summary: 'Start the paid plan now: the free trial ends and the year is charged to the card on file',
  security: [{ bearer: [] }],
  ...REQUESTS['POST /billing/end-trial'],
  response: { 200: subscriptionStatusSchema, 409: errorBodySchema, ...errors },
} as const;

export const usageEmailsReadSchema = {
  tags: ['billing'],
  summary: 'Whether usage emails (80 % and 100 % of the included minutes, receipts of extra minutes) are on',
  security: [{ bearer: [] }],
  ...REQUESTS['GET /billing/usage-emails'],
  response: { 200: usageEmailsSchema, 401: errorBodySchema },
} as const;

export const usageEmailsUpdateSchema = {
  tags: ['billing'],
  summary: 'Turn usage emails on or off',
  security: [{ bearer: [] }],
  ...REQUESTS['PUT /billing/usage-emails'],
  response: { 200: usageEmailsSchema, 400: errorBodySchema, 401: errorBodySchema },
} as const;
