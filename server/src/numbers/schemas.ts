import { errorBodySchema } from '../http/errors';
import { destination, nothing, virtualNumber } from '../http/fields';
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  502: errorBodySchema,
} as const;
const secured = { security: [{ bearer: [] }] } as const;

const numberBody = {
  type: 'object',
  properties: {
    phone_number: {
      type: 'object',
      properties: {
        phone_number: { type: 'string' },
        forwarding_number: { type: 'string' },
        // Beyond the product rules: whether the owner hears "Business call" before a forwarded call connects.
        announce_calls: { type: 'boolean' },
      },
    },
  },
} as const;

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
    200: {
      type: 'object',
      properties: {
        count: { type: 'integer' },
        exact_match: { type: 'boolean' },
        area_code: { type: 'string' },
        available_numbers: {
          type: 'array',
          items: {
            type: 'object',
            properties: { phone_number: { type: 'string' }, friendly_name: { type: 'string' } },
          },
        },
      },
    },
    400: errorBodySchema,
    502: errorBodySchema,
  },
} as const;

export const purchaseSchema = {
  tags: ['numbers'],
  summary: 'Buy a number for the account (one per account; buying the same number again is a no-op)',
  ...secured,
  body: {
    type: 'object',
    required: ['twilio_number'],
    additionalProperties: false,
    properties: { twilio_number: virtualNumber },
  },
  response: { 200: numberBody, 409: errorBodySchema, ...errors },
} as const;

export const configureSchema = {
  tags: ['numbers'],
  summary: "Set the phone that calls to the account's number ring",
  ...secured,
  body: {
    type: 'object',
    required: ['twilio_number', 'forwarding_number'],
    additionalProperties: false,
    properties: {
      twilio_number: virtualNumber,
      forwarding_number: destination,
      announce_calls: {
        type: 'boolean',
        description: 'Say "Business call" to the owner first (unchanged when absent)',
      },
    },
  },
  response: { 200: numberBody, 404: errorBodySchema, ...errors },
} as const;

export const activeNumberSchema = {
  tags: ['numbers'],
  summary: "The account's number and forwarding number; {} when it has none",
  ...secured,
  querystring: nothing,
  response: { 200: numberBody, 401: errorBodySchema },
} as const;
