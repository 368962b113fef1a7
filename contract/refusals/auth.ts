import { refusalWith, type Refusals } from './refusal';

/** Sign-up, sign-in, sessions and passwords. */
export const authRefusals = {
  termsNotAccepted: {
    status: 400,
    code: 'terms_not_accepted',
    message: 'Please accept the terms of service and privacy policy.',
  },
  nameRequired: { status: 400, code: 'bad_request', message: 'The name field is required.' },
  emailTaken: {
    status: 409,
    code: 'email_taken',
    message: 'An account with this email already exists. Please sign in.',
  },
  invalidCredentials: { status: 401, code: 'invalid_credentials', message: 'Invalid email or password.' },
  sessionEnded: {
    status: 401,
    code: 'invalid_refresh_token',
    message: 'Your session has ended. Please sign in again.',
  },
  invalidResetToken: {
    status: 400,
    code: 'invalid_reset_token',
    message: 'This reset link is invalid or has expired. Please request a new one.',
  },
  // 400, not 401: the client reads a 401 as an expired session and would refresh and retry.
  wrongCurrentPassword: {
    status: 400,
    code: 'wrong_password',
    message: 'Your current password is not right. Please try again.',
  },
  /** The new password breaks a rule of rules/passwords.ts, which says which. */
  weakPassword: refusalWith(400, 'weak_password', (problem: string) => problem),
} as const satisfies Refusals;
