import type { FromSchema } from 'json-schema-to-ts';
import { text } from './fields';

// Deleting the account: the password again, as a last check. The server's route schema
// (server/src/account/routes.ts) and the web app's request type come from here.
export const accountDeletionSchema = {
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: { password: text(256, 1) },
} as const;

export type AccountDeletion = FromSchema<typeof accountDeletionSchema>;

/** The signed-in account as Settings shows it. */
export const accountSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email'],
  properties: { name: { type: 'string' }, email: { type: 'string' } },
} as const;

export type Account = FromSchema<typeof accountSchema>;
