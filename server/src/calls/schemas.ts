import { errorBodySchema } from '../http/errors';
import { usE164Pattern } from '../telephony/us-numbers';

const usNumber = { type: 'string', pattern: usE164Pattern } as const;
const callRecord = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    direction: { type: 'string', enum: ['inbound', 'outbound'] },
    from_number: { type: 'string' },
    to_number: { type: 'string' },
    created_at: { type: 'string' },
    duration: { type: 'integer' },
  },
} as const;
const errors = { 400: errorBodySchema, 401: errorBodySchema } as const;

export const createCallSchema = {
  tags: ['calls'],
  summary: 'Click-to-call: ring your forwarding phone, then connect to the recipient from your number',
  security: [{ bearer: [] }],
  body: {
    type: 'object',
    required: ['from_number', 'forwarding_number', 'recipient'],
    properties: { from_number: usNumber, forwarding_number: usNumber, recipient: usNumber },
  },
  response: {
    201: {
      type: 'object',
      properties: {
        call: { ...callRecord, properties: { ...callRecord.properties, status: { type: 'string' } } },
      },
    },
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    502: errorBodySchema,
    ...errors,
  },
} as const;

export const listCallsSchema = {
  tags: ['calls'],
  summary: 'Call history, newest first; dates are whole UTC days, both included',
  security: [{ bearer: [] }],
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
      start_date: { type: 'string', format: 'date' },
      end_date: { type: 'string', format: 'date' },
      direction: { type: 'string', enum: ['inbound', 'outbound'] },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        calls: { type: 'array', items: callRecord },
        metadata: {
          type: 'object',
          properties: {
            current_page: { type: 'integer' },
            total_pages: { type: 'integer' },
            total_items: { type: 'integer' },
            per_page: { type: 'integer' },
          },
        },
      },
    },
    ...errors,
  },
} as const;
