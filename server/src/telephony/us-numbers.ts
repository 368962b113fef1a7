// US numbering rules (NANP) shared by the number search, configuration and click-to-call.

/** An area code a search accepts: 3 digits starting 2–9, not an N11 service code, not 999. */
export function isValidAreaCode(code: string): boolean {
  return /^[2-9]\d\d$/.test(code) && !/^\d11$/.test(code) && code !== '999';
}

/** US E.164: +1, then an area code and an exchange that do not start with 0 or 1. */
export function isUsE164(number: string): boolean {
  return /^\+1[2-9]\d\d[2-9]\d{6}$/.test(number);
}

/** Numbers a call may not go to: premium-rate 900/976 and N11 service codes such as 911 or 411. */
export function isBlockedRecipient(number: string): boolean {
  return /^\+1(900|976|[2-9]11)/.test(number);
}

/** '+15125550100' → '(512) 555-0100', the form the onboarding list shows. */
export function friendlyName(e164: string): string {
  return `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
}

// The same rule as a JSON-schema pattern, so bad numbers are a 400 before any handler runs.
export const usE164Pattern = '^\\+1[2-9][0-9]{2}[2-9][0-9]{6}$';
