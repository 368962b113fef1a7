import type { Endpoint } from '../endpoint';
import { nothing } from '../fields';
import { textListSchema } from '../texts';

/** Texts received on the business number. */
export const textEndpoints = {
  texts: { method: 'GET', path: '/dashboard/texts', querystring: nothing, answer: textListSchema },
} as const satisfies Record<string, Endpoint>;
