import { REQUESTS } from '../../../contract/requests';
import { errorBodySchema } from '../../../contract/errors';
import { businessNumberSchema, numberSearchSchema } from '../../../contract/numbers';
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  502: errorBodySchema,
} as const;
const secured = { security: [{ bearer: [] }] } as const;

export const searchSchema = {
  tags: ['numbers'],
  summary: 'Available numbers in an area code (public: onboarding searches before sign-up)',
  ...REQUESTS['GET /twilio/search-numbers'],
  response: {
    200: numberSearchSchema,
    400: errorBodySchema,
    502: errorBodySchema,
  },
} as const;

export const purchaseSchema = {
  tags: ['numbers'],
  summary: 'Buy a number for the account (one per account; buying the same number again is a no-op)',
  ...secured,
  ...REQUESTS['POST /twilio/purchase-number'],
  response: { 200: businessNumberSchema, 409: errorBodySchema, ...errors },
} as const;

export const configureSchema = {
  tags: ['numbers'],
  summary: "Set the phone that calls to the account's number ring",
  ...secured,
  ...REQUESTS['POST /twilio/number-configuration'],
  response: { 200: businessNumberSchema, 404: errorBodySchema, ...errors },
} as const;

export const activeNumberSchema = {
  tags: ['numbers'],
  summary: "The account's number and forwarding number; {} when it has none",
  ...secured,
  ...REQUESTS['GET /dashboard/phone-number'],
  response: { 200: businessNumberSchema, 401: errorBodySchema },
} as const;
