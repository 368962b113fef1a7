// US phone number shapes (NANP, +1): the number search, the API schemas and the web forms.

/** An area code a search accepts: 3 digits starting 2–9, not an N11 service code, not 999. */
export function isValidAreaCode(code: string): boolean {
  return /^[2-9]\d\d$/.test(code) && !/^\d11$/.test(code) && code !== '999';
}

/** Any E.164 number (+, a country code, up to 15 digits): what the API schemas accept as a phone. */
export const e164Pattern = '^\\+[1-9][0-9]{1,14}$';

interface NanpNumber {
  /** Area code (NPA). */
  areaCode: string;
  /** Exchange (central office code, NXX). */
  exchange: string;
  line: string;
}

/** The parts of a +1 number, or null when it is not one. */
export function parseNanp(number: string): NanpNumber | null {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return match ? { areaCode: match[1], exchange: match[2], line: match[3] } : null;
}

/** '+15125550100' → '(512) 555-0100', the form the onboarding list shows. */
export function friendlyName(e164: string): string {
  return `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
}
