import { errorBodySchema } from '../../../contract/errors';
import { day } from '../../../contract/fields';
import { callAnswerSchema, callPageSchema, DIRECTIONS, newCallSchema } from '../../../contract/calls';

const errors = { 400: errorBodySchema, 401: errorBodySchema } as const;
const secured = { security: [{ bearer: [] }] } as const;

export const MAX_PER_PAGE = 100;
// 100,000 pages of 100 calls: past any account's history.
const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 10 },
} as const;

const filters = {
  start_date: day,
  end_date: day,
  direction: { type: 'string', enum: DIRECTIONS },
} as const;

export const createCallSchema = {
  tags: ['calls'],
  summary:
    'Click-to-call: ring your forwarding phone; press 1 to be connected to the recipient from your number',
  ...secured,
  body: newCallSchema,
  response: {
    201: callAnswerSchema,
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
  ...secured,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...paging,
      ...filters,
    },
  },
  response: {
    200: callPageSchema,
    ...errors,
  },
} as const;

export const callsCsvSchema = {
  tags: ['calls'],
  summary: 'The whole call history matching the same filters as the list, as a CSV file (newest first)',
  ...secured,
  produces: ['text/csv'],
  // The list's query string is accepted as it is: its page and per_page are checked, then ignored.
  querystring: { type: 'object', additionalProperties: false, properties: { ...filters, ...paging } },
  response: { 200: { type: 'string', description: 'One header row, then one row per call' }, ...errors },
} as const;

export const callSchema = {
  tags: ['calls'],
  summary: 'One call of the signed-in account (404 for any other)',
  ...secured,
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
  response: {
    200: callAnswerSchema,
    404: errorBodySchema,
    ...errors,
  },
} as const;
