import type { Endpoint } from '../endpoint';
import {
  credentialsSchema,
  messageSchema,
  newAccountSchema,
  newPasswordSchema,
  passwordChangeSchema,
  registrationSchema,
  resetRequestSchema,
  signOutSchema,
  tokensSchema,
} from '../auth';
import { nothing } from '../fields';
import { authRefusals } from '../refusals/auth';
import { httpRefusals } from '../refusals/http';

// Every route here is limited per address (429).
const limited = httpRefusals.tooManyRequests;

/** Accounts' sign-up, sessions and passwords. */
export const authEndpoints = {
  register: {
    method: 'POST',
    path: '/auth/register',
    body: registrationSchema,
    status: 201,
    answer: newAccountSchema,
    refusals: [authRefusals.termsNotAccepted, authRefusals.nameRequired, authRefusals.emailTaken, limited],
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    body: credentialsSchema,
    answer: tokensSchema,
    refusals: [authRefusals.invalidCredentials, limited],
  },
  refresh: {
    method: 'POST',
    path: '/auth/refresh',
    body: nothing,
    answer: tokensSchema,
    refusals: [authRefusals.sessionEnded, limited],
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    body: signOutSchema,
    status: 204,
    refusals: [httpRefusals.sessionExpired, limited],
  },
  requestReset: {
    method: 'POST',
    path: '/auth/request-reset-password',
    body: resetRequestSchema,
    answer: messageSchema,
    refusals: [limited],
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    body: newPasswordSchema,
    answer: messageSchema,
    refusals: [authRefusals.invalidResetToken, authRefusals.weakPassword, limited],
  },
  changePassword: {
    method: 'POST',
    path: '/auth/change-password',
    body: passwordChangeSchema,
    answer: messageSchema,
    refusals: [authRefusals.wrongCurrentPassword, authRefusals.weakPassword, limited],
  },
} as const satisfies Record<string, Endpoint>;
