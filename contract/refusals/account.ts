import type { Refusals } from './refusal';

/** Deleting the account. */
export const accountRefusals = {
  wrongPassword: {
    status: 403,
    code: 'wrong_password',
    message: 'That password is not right. Please try again.',
  },
} as const satisfies Refusals;
