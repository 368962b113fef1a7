import { errorBodySchema } from '../http/errors';

const url = { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } as const;
const errors = { 401: errorBodySchema, 502: errorBodySchema } as const;

export const checkoutSchema = {
  tags: ['billing'],
  summary: 'Start the hosted checkout of the yearly plan with a 14-day trial; answers its url',
  security: [{ bearer: [] }],
  response: { 200: url, 409: errorBodySchema, ...errors },
} as const;

export const portalSchema = {
  tags: ['billing'],
  summary: 'Open the hosted billing portal (cancel, resume, card, invoices); answers its url',
  security: [{ bearer: [] }],
  response: { 200: url, 404: errorBodySchema, ...errors },
} as const;

export const statusSchema = {
  tags: ['billing'],
  summary: 'Whether the account has a live (trialing or active) subscription',
  security: [{ bearer: [] }],
  response: {
    200: {
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
    },
    ...errors,
  },
} as const;
