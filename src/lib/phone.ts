// Phone number formatting and E.164 normalisation (+1, US only) for every input in the app
// (docs/product.md, "Numbers" and "Calls").

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Formats up to 10 digits progressively as (ddd) ddd-dddd. */
const formatTen = (digits: string): string => {
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
};

/**
 * Forwarding number inputs (onboarding and settings): a leading 1 (the country code) is dropped and at
 * most 10 digits are kept, shown as (xxx) xxx-xxxx, so the field never exceeds 14 characters.
 */
export const formatForwardingInput = (value: string): string => {
  let digits = digitsOnly(value).slice(0, 11);
  if (digits.startsWith('1')) digits = digits.slice(1);
  return formatTen(digits.slice(0, 10));
};

/** Input that starts with another country's code ("+44 …"): not a US number to format. */
export const isInternationalInput = (value: string): boolean => /^\s*\+\s*[02-9]/.test(value);

/**
 * Dashboard dialler: digits only, at most 11; 11 digits show their country code: +1 (xxx) xxx-xxxx.
 * A leading "+" is kept while it is all there is, and another country's number ("+44 …") is left as
 * typed, so the dialler can say it is not supported instead of turning it into a US one.
 */
export const formatDialInput = (value: string): string => {
  if (value.trim() === '+' || isInternationalInput(value)) return value;
  const digits = digitsOnly(value).slice(0, 11);
  if (digits.length < 11) return formatTen(digits);
  return `+${digits[0]} ${formatTen(digits.slice(1))}`;
};

/** Area code input: digits only, at most 3. */
export const sanitizeAreaCode = (value: string): string => digitsOnly(value).slice(0, 3);

/** The area code of a +1 E.164 number, '' for anything else. */
export const areaCodeOf = (e164: string): string => (/^\+1\d{10}$/.test(e164) ? e164.slice(2, 5) : '');

/** E.164 for a US number: 10 digits get +1, 11 digits (or more) get +. */
export const toE164 = (value: string): string => {
  const digits = digitsOnly(value);
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
};

/** Forwarding numbers sent on purchase or configure: +1 plus their 10 digits unless already +1. */
export const forwardingToE164 = (value: string): string =>
  value.startsWith('+1') ? value : `+1${digitsOnly(value).slice(-10)}`;

/** Shows a stored E.164 US number as (ddd) ddd-dddd; anything else is shown as it is. */
export const formatE164 = (value: string | null | undefined): string => {
  if (!value) return '';
  const digits = digitsOnly(value);
  if (digits.length === 11 && digits.startsWith('1')) return formatTen(digits.slice(1));
  if (digits.length === 10) return formatTen(digits);
  return value;
};
