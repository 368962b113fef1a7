import { errorBodySchema } from '../../../contract/errors';
import { nothing } from '../../../contract/fields';
import {
  businessNumberSchema,
  numberConfigurationSchema,
  numberSearchSchema,
  numberPurchaseSchema,
} from '../../../contract/numbers';
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
  querystring: {
    type: 'object',
    required: ['area_code'],
    additionalProperties: false,
    properties: { area_code: { type: 'string', maxLength: 3 } },
  },
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
  body: numberPurchaseSchema,
  response: { 200: businessNumberSchema, 409: errorBodySchema, ...errors },
} as const;

export const configureSchema = {
  tags: ['numbers'],
  summary: "Set the phone that calls to the account's number ring",
  ...secured,
  body: numberConfigurationSchema,
  response: { 200: businessNumberSchema, 404: errorBodySchema, ...errors },
} as const;

export const activeNumberSchema = {
  tags: ['numbers'],
  summary: "The account's number and forwarding number; {} when it has none",
  ...secured,
  querystring: nothing,
  response: { 200: businessNumberSchema, 401: errorBodySchema },
} as const;
