import { FOREIGN_AREA_CODES, TERRITORY_AREA_CODES, TOLL_FREE, US_AREA_CODES } from './area-codes';
import { isValidAreaCode, parseNanp } from './us-numbers';

// Where Forwardly may ring a phone: a forwarding number, a click-to-call recipient, and the
// number the voice webhook dials. US numbers only (domestic rates), never a premium-rate line nor
// a service code. Whether a number is one of our own virtual numbers needs the database: the
// server adds that check (forwarding into another virtual number could loop calls).

const US_ONLY = 'Forwardly calls and forwards to US numbers only.';

/** Why `number` (E.164) may not be rung, as a sentence for the person who typed it; null if it may. */
export function destinationProblem(number: string): string | null {
  const nanp = parseNanp(number);
  if (!nanp) {
    return number.startsWith('+') && !number.startsWith('+1')
      ? `International numbers cannot be called or forwarded to; ${US_ONLY}`
      : 'Please enter a 10-digit US phone number.';
  }
  const { areaCode, exchange } = nanp;
  if (/^[2-9]11$/.test(areaCode) || /^[2-9]11$/.test(exchange)) {
    return 'Service codes such as 911 and 411 cannot be called or forwarded to; for an emergency, dial 911 from your own phone.';
  }
  if (areaCode === '900' || exchange === '976') {
    return `${areaCode === '900' ? '+1 900 numbers' : 'Numbers in the 976 exchange'} are premium-rate lines; Forwardly does not call or forward to them.`;
  }
  if (/^[01]/.test(exchange)) return 'Please enter a valid 10-digit US phone number.';
  const foreign = FOREIGN_AREA_CODES.get(areaCode);
  if (foreign) return `+1 ${areaCode} numbers are in ${foreign}; ${US_ONLY}`;
  const territory = TERRITORY_AREA_CODES.get(areaCode);
  if (territory) {
    return `+1 ${areaCode} numbers are in ${territory}, which carriers rate as international; Forwardly calls and forwards to the 50 states and DC only.`;
  }
  if (!US_AREA_CODES.has(areaCode) && !TOLL_FREE.has(areaCode)) {
    return `${areaCode} is not a US area code in service; ${US_ONLY}`;
  }
  return null;
}

/**
 * Why numbers of `areaCode` are not offered as business numbers (a search's 400); null if they are:
 * never a service code, another country's or a territory's, toll-free or premium-rate.
 */
export function areaCodeProblem(areaCode: string): string | null {
  if (!isValidAreaCode(areaCode)) return 'Please enter a valid 3-digit US area code.';
  const abroad = FOREIGN_AREA_CODES.get(areaCode) ?? TERRITORY_AREA_CODES.get(areaCode);
  if (abroad) return `Area code ${areaCode} is in ${abroad}; Forwardly has US numbers only.`;
  if (TOLL_FREE.has(areaCode) || areaCode === '900') {
    const kind = areaCode === '900' ? 'premium-rate' : 'toll-free';
    return `${areaCode} is a ${kind} code; Forwardly has local US numbers only.`;
  }
  return null;
}

/** Why `number` (E.164) cannot be bought as a business number: the search's rule, checked again at
 * the purchase, as the API can be asked for any number. Null if it can. */
export const businessNumberProblem = (number: string) => areaCodeProblem(parseNanp(number)?.areaCode ?? '');

/** When a number is one of Forwardly's own virtual numbers (the server knows which). */
export const OWN_NUMBER_PROBLEM =
  'This is a Forwardly business number; forward and call to an outside phone so calls cannot loop.';
