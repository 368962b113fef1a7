import { REQUESTS } from '../../../contract/requests';
import { errorBodySchema } from '../../../contract/errors';
import { messageSchema, newAccountSchema, tokensSchema } from '../../../contract/auth';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema } as const;

export const registerSchema = {
  tags: ['auth'],
  summary: 'Create an account',
  ...REQUESTS['POST /auth/register'],
  response: {
    201: newAccountSchema,
    409: errorBodySchema,
    ...errors,
  },
} as const;

export const loginSchema = {
  tags: ['auth'],
  summary:
    'Sign in: answers an access token (15 minutes) and a refresh token (7 days unused; ' +
    'the session ends 30 days after sign-in however often it refreshes)',
  ...REQUESTS['POST /auth/login'],
  response: {
    200: tokensSchema,
    ...errors,
  },
} as const;

export const refreshSchema = {
  tags: ['auth'],
  summary:
    'New access token and the next refresh token; send the refresh token as the bearer token and an empty body. ' +
    'Each refresh token works once: reused after a few seconds, it ends its session.',
  security: [{ bearer: [] }],
  ...REQUESTS['POST /auth/refresh'],
  response: {
    200: tokensSchema,
    ...errors,
  },
} as const;

export const logoutSchema = {
  tags: ['auth'],
  summary:
    'Sign out: ends the session of the bearer access token and the session of `refresh_token`; either one is enough',
  security: [{ bearer: [] }],
  ...REQUESTS['POST /auth/logout'],
  response: { 204: { type: 'null' }, ...errors },
} as const;

export const requestResetSchema = {
  tags: ['auth'],
  summary: 'Email a single-use password reset link (same answer whether or not the account exists)',
  ...REQUESTS['POST /auth/request-reset-password'],
  response: { 200: messageSchema, ...errors },
} as const;

export const resetSchema = {
  tags: ['auth'],
  summary: 'Set a new password with the token of a reset link; ends every session of the account',
  ...REQUESTS['POST /auth/reset-password'],
  response: { 200: messageSchema, ...errors },
} as const;

export const changePasswordSchema = {
  tags: ['auth'],
  summary:
    'Change the password of the signed-in account (its current password required, counted like a sign-in); ' +
    'ends every other session of the account and mails the owner',
  security: [{ bearer: [] }],
  ...REQUESTS['POST /auth/change-password'],
  response: { 200: messageSchema, ...errors },
} as const;
