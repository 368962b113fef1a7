import type { Endpoint } from '../endpoint';
import { accountDeletionSchema, accountSchema } from '../account';
import { nothing } from '../fields';
import { accountRefusals } from '../refusals/account';
import { httpRefusals } from '../refusals/http';

/** The signed-in account. */
export const accountEndpoints = {
  account: { method: 'GET', path: '/account', querystring: nothing, answer: accountSchema },
  deleteAccount: {
    method: 'DELETE',
    path: '/account',
    body: accountDeletionSchema,
    status: 204,
    refusals: [accountRefusals.wrongPassword, httpRefusals.tooManyRequests],
  },
} as const satisfies Record<string, Endpoint>;
