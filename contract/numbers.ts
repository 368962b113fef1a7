import type { FromSchema } from 'json-schema-to-ts';
import { destination, virtualNumber } from './fields';

// The numbers API's requests and answers (search, purchase, configuration): the server's route
// schemas are built from these, and the web app and the mocks take their types from them. The field
// names are Twilio's (twilio_number), as the product fixes them.

/** The search's query string: the area code is checked further by the US rules (rules/us-numbers.ts). */
export const numberSearchQuerySchema = {
  type: 'object',
  required: ['area_code'],
  additionalProperties: false,
  properties: { area_code: { type: 'string', maxLength: 3 } },
} as const;

export const numberSearchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['count', 'exact_match', 'area_code', 'available_numbers'],
  properties: {
    count: { type: 'integer' },
    exact_match: { type: 'boolean', description: 'false: the area code had none, these are nearby' },
    area_code: { type: 'string', description: 'the code searched' },
    available_numbers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['phone_number', 'friendly_name'],
        properties: { phone_number: { type: 'string' }, friendly_name: { type: 'string' } },
      },
    },
  },
} as const;

/** The account's number: `{}` when it has none. */
export const businessNumberSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    phone_number: {
      type: 'object',
      additionalProperties: false,
      required: ['phone_number', 'forwarding_number', 'announce_calls', 'email_texts', 'held_until'],
      properties: {
        phone_number: { type: 'string' },
        forwarding_number: { type: 'string', description: "'' until one is set" },
        // Beyond the product rules: whether the owner hears "Business call" before a forwarded call connects.
        announce_calls: { type: 'boolean' },
        // Beyond the product rules: whether texts to the number are e-mailed to the owner (on by default).
        email_texts: { type: 'boolean' },
        // Beyond the product rules: with no live subscription, the number is still the account's until
        // then (epoch seconds), and released after; null while the plan runs.
        held_until: { type: ['integer', 'null'] },
      },
    },
  },
} as const;

export const numberPurchaseSchema = {
  type: 'object',
  required: ['twilio_number'],
  additionalProperties: false,
  properties: { twilio_number: virtualNumber },
} as const;

export const numberConfigurationSchema = {
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
    email_texts: {
      type: 'boolean',
      description: 'E-mail texts to the number to the owner (unchanged when absent)',
    },
  },
} as const;

export type NumberSearch = FromSchema<typeof numberSearchSchema>;
export type AvailableNumber = NumberSearch['available_numbers'][number];
export type BusinessNumberAnswer = FromSchema<typeof businessNumberSchema>;
export type BusinessNumber = NonNullable<BusinessNumberAnswer['phone_number']>;
export type NumberPurchase = FromSchema<typeof numberPurchaseSchema>;
export type NumberConfiguration = FromSchema<typeof numberConfigurationSchema>;
