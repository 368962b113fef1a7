import type { FromSchema } from 'json-schema-to-ts';
import { PASSWORD_MIN_LENGTH } from '../rules/passwords';
import { PRINTABLE, text } from './fields';

// The accounts API's requests and answers: the server's route schemas (server/src/auth/schemas.ts)
// are built from these, and the web app and the mocks take their types from them.

const email = { type: 'string', format: 'email', maxLength: 254, pattern: PRINTABLE } as const;
// Argon2 makes a long password costly to hash: cap it well above any real one. The other rules of a
// new password (rules/passwords.ts) are checked by the handlers.
const newPassword = text(256, PASSWORD_MIN_LENGTH);

export const registrationSchema = {
  type: 'object',
  required: ['name', 'email', 'password', 'acceptTerms'],
  additionalProperties: false,
  properties: { name: text(200, 1), email, password: newPassword, acceptTerms: { type: 'boolean' } },
} as const;

export const newAccountSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'email'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
} as const;

export const credentialsSchema = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: { email: text(254, 1), password: text(256, 1) },
} as const;

export const tokensSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['access_token', 'refresh_token'],
  properties: { access_token: { type: 'string' }, refresh_token: { type: 'string' } },
} as const;

/** Either token is enough to end its session; an empty body ends the bearer's. */
export const signOutSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { refresh_token: text(200) },
} as const;

export const resetRequestSchema = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email },
} as const;

export const newPasswordSchema = {
  type: 'object',
  required: ['token', 'password'],
  additionalProperties: false,
  properties: { token: text(200, 1), password: newPassword },
} as const;

/**
 * Changing the password while signed in: the current one proves it is the owner. The new one may be
 * short here so that the shared rule's sentence (rules/passwords.ts) is the refusal, as on sign-up.
 */
export const passwordChangeSchema = {
  type: 'object',
  required: ['current_password', 'new_password'],
  additionalProperties: false,
  properties: { current_password: text(256, 1), new_password: text(256, 1) },
} as const;

/** A sentence to show the person, e.g. after asking for a reset link. */
export const messageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

export type Registration = FromSchema<typeof registrationSchema>;
export type NewAccount = FromSchema<typeof newAccountSchema>;
export type Credentials = FromSchema<typeof credentialsSchema>;
export type Tokens = FromSchema<typeof tokensSchema>;
export type SignOut = FromSchema<typeof signOutSchema>;
export type ResetRequest = FromSchema<typeof resetRequestSchema>;
export type NewPassword = FromSchema<typeof newPasswordSchema>;
export type PasswordChange = FromSchema<typeof passwordChangeSchema>;
export type Message = FromSchema<typeof messageSchema>;
