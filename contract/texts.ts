import type { FromSchema } from 'json-schema-to-ts';

// Texts sent to a business number (beyond the product rules): kept and shown to its owner, who
// cannot answer them from it (outbound texting needs A2P 10DLC registration).

export const textRecordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'from_number', 'to_number', 'body', 'received_at'],
  properties: {
    id: { type: 'string' },
    from_number: { type: 'string' },
    to_number: { type: 'string', description: 'The business number' },
    body: { type: 'string' },
    received_at: { type: 'string' },
  },
} as const;

/** The account's texts, newest first (the last 50). */
export const textListSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['texts'],
  properties: { texts: { type: 'array', items: textRecordSchema } },
} as const;

export const TEXTS_SHOWN = 50;

/** A text's body: up to 1,600 characters (ten SMS segments), lines allowed, no NUL nor other controls. */
export const messageBody = {
  type: 'string',
  maxLength: 1600,
  pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$',
} as const;

export type TextRecord = FromSchema<typeof textRecordSchema>;
export type TextList = FromSchema<typeof textListSchema>;
