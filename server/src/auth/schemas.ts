import { errorBodySchema } from '../http/errors';
import { nothing, PRINTABLE, text } from '../http/fields';

const email = { type: 'string', format: 'email', maxLength: 254, pattern: PRINTABLE } as const;
// Argon2 makes a long password costly to hash: cap it well above any real one.
const newPassword = text(256, 8);
const message = { type: 'object', properties: { message: { type: 'string' } } } as const;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema } as const;

export const registerSchema = {
  tags: ['auth'],
  summary: 'Create an account',
  body: {
    type: 'object',
    required: ['name', 'email', 'password', 'acceptTerms'],
    additionalProperties: false,
    properties: {
      name: text(200, 1),
      email,
      password: newPassword,
      acceptTerms: { type: 'boolean' },
    },
  },
  response: {
    201: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    },
    409: errorBodySchema,
    ...errors,
  },
} as const;

export const loginSchema = {
  tags: ['auth'],
  summary: 'Sign in: answers an access token (15 minutes) and a refresh token (30 days)',
  body: {
    type: 'object',
    required: ['email', 'password'],
    additionalProperties: false,
    properties: { email: text(254, 1), password: text(256, 1) },
  },
  response: {
    200: {
      type: 'object',
      properties: { access_token: { type: 'string' }, refresh_token: { type: 'string' } },
    },
    ...errors,
  },
} as const;

export const refreshSchema = {
  tags: ['auth'],
  summary:
    'New access token and the next refresh token; send the refresh token as the bearer token and an empty body. ' +
    'Each refresh token works once: reused after a few seconds, it ends its session.',
  security: [{ bearer: [] }],
  body: nothing,
  response: {
    200: {
      type: 'object',
      properties: { access_token: { type: 'string' }, refresh_token: { type: 'string' } },
    },
    ...errors,
  },
} as const;

export const logoutSchema = {
  tags: ['auth'],
  summary:
    'Sign out: ends the session of the bearer access token and the session of `refresh_token`; either one is enough',
  security: [{ bearer: [] }],
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { refresh_token: text(200) },
  },
  response: { 204: { type: 'null' }, ...errors },
} as const;

export const requestResetSchema = {
  tags: ['auth'],
  summary: 'Email a single-use password reset link (same answer whether or not the account exists)',
  body: { type: 'object', required: ['email'], additionalProperties: false, properties: { email } },
  response: { 200: message, ...errors },
} as const;

export const resetSchema = {
  tags: ['auth'],
  summary: 'Set a new password with the token of a reset link; ends every session of the account',
  body: {
    type: 'object',
    required: ['token', 'password'],
    additionalProperties: false,
    properties: { token: text(200, 1), password: newPassword },
  },
  response: { 200: message, ...errors },
} as const;
