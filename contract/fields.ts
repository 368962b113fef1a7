import { isTimeZone } from '../rules/days';
import { e164Pattern } from '../rules/us-numbers';

// JSON-schema pieces of the requests, shared by every route's schema so every field is checked the same way.

/** Printable text: no NUL nor other control characters (Postgres refuses NUL in text). */
export const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

export const text = (maxLength: number, minLength = 0) =>
  ({ type: 'string', minLength, maxLength, pattern: PRINTABLE }) as const;

/** No input expected: a POST's body must be empty ({}), a GET's query string too. */
export const nothing = { type: 'object', additionalProperties: false } as const;

/** A whole day (YYYY-MM-DD) between 2000 and 2099: far dates are refused, not computed. */
export const day = { type: 'string', format: 'date', pattern: '^20[0-9]{2}-' } as const;

/** A time zone name (IANA), as the browser reports it: America/Chicago. */
export const timeZone = { type: 'string', format: 'time-zone', maxLength: 64 } as const;

/** Formats of our own, for the server's Ajv and the mock API's. */
export const FORMATS = { 'time-zone': isTimeZone };

/** A virtual number: NANP E.164 (+1 and 10 digits). */
export const virtualNumber = {
  type: 'string',
  pattern: '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$',
  description: 'US E.164, e.g. +15125550100',
} as const;

/** A phone to ring: any E.164 shape here; the destination policy then explains what it refuses. */
export const destination = {
  type: 'string',
  pattern: e164Pattern,
  description: 'E.164, e.g. +15125550100 (US numbers only, see the destination policy)',
} as const;
