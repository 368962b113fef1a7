import { ownerOfNumber } from './db';

// The sandbox number catalogue and the US number rules the server applies.

/** Area codes the search rejects with 400: not 3 digits, starting with 0 or 1, N11 service codes, 999. */
export const isValidAreaCode = (code: string) =>
  /^[2-9]\d\d$/.test(code) && !/^\d11$/.test(code) && code !== '999';

/** An area code with no numbers left: the search answers numbers of NEARBY_AREA_CODE with exact_match false. */
export const SOLD_OUT_AREA_CODE = '555';
export const NEARBY_AREA_CODE = '512';
const RESULTS = 10;

const friendly = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

/** Deterministic numbers in the fictional 555-01xx range of an area code, skipping numbers already owned. */
export function availableNumbers(areaCode: string) {
  return Array.from({ length: 100 }, (_, i) => `+1${areaCode}55501${String(i).padStart(2, '0')}`)
    .filter((number) => ownerOfNumber(number) === undefined)
    .slice(0, RESULTS)
    .map((phone_number) => ({ phone_number, friendly_name: friendly(phone_number) }));
}

/** US E.164: +1, then an area code and exchange that do not start with 0 or 1. */
export const isUsE164 = (number: string) => /^\+1[2-9]\d\d[2-9]\d{6}$/.test(number);

/** Numbers a call may not go to: premium 900/976 and N11 service codes such as 911. */
export const isBlockedRecipient = (number: string) => /^\+1(900|976|[2-9]11)/.test(number);
