import { errorBodySchema } from '../http/errors';
import { usE164Pattern } from './us-numbers';

const usNumber = {
  type: 'string',
  pattern: usE164Pattern,
  description: 'US E.164, e.g. +15125550100',
} as const;
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
      properties: { phone_number: { type: 'string' }, forwarding_number: { type: 'string' } },
    },
  },
} as const;

export const searchSchema = {
  tags: ['numbers'],
  summary: 'Available numbers in an area code (public: onboarding searches before sign-up)',
  querystring: {
    type: 'object',
    required: ['area_code'],
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
  body: { type: 'object', required: ['twilio_number'], properties: { twilio_number: usNumber } },
  response: { 200: numberBody, 409: errorBodySchema, ...errors },
} as const;

export const configureSchema = {
  tags: ['numbers'],
  summary: "Set the phone that calls to the account's number ring",
  ...secured,
  body: {
    type: 'object',
    required: ['twilio_number', 'forwarding_number'],
    properties: { twilio_number: usNumber, forwarding_number: usNumber },
  },
  response: { 200: numberBody, 404: errorBodySchema, ...errors },
} as const;

export const activeNumberSchema = {
  tags: ['numbers'],
  summary: "The account's number and forwarding number; {} when it has none",
  ...secured,
  response: { 200: numberBody, 401: errorBodySchema },
} as const;
