import { REQUESTS } from '../../../contract/requests';
import { errorBodySchema } from '../../../contract/errors';
import { callAnswerSchema, callPageSchema } from '../../../contract/calls';

const errors = { 400: errorBodySchema, 401: errorBodySchema } as const;
const secured = { security: [{ bearer: [] }] } as const;

export const createCallSchema = {
  tags: ['calls'],
  summary:
    'Click-to-call: ring your forwarding phone; press 1 to be connected to the recipient from your number',
  ...secured,
  ...REQUESTS['POST /twilio/create-call'],
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
  ...REQUESTS['GET /dashboard/calls'],
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
  ...REQUESTS['GET /dashboard/calls.csv'],
  response: { 200: { type: 'string', description: 'One header row, then one row per call' }, ...errors },
} as const;

export const callSchema = {
  tags: ['calls'],
  summary: 'One call of the signed-in account (404 for any other)',
  ...secured,
  ...REQUESTS['GET /dashboard/calls/:id'],
  response: {
    200: callAnswerSchema,
    404: errorBodySchema,
    ...errors,
  },
} as const;
