import type { FromSchema } from 'json-schema-to-ts';

/** Every failure's body: a stable code for clients and a sentence for people. */
export const errorBodySchema = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
  required: ['error', 'message'],
  additionalProperties: false,
} as const;

export type ErrorBody = FromSchema<typeof errorBodySchema>;
