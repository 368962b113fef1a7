import type { AvailableNumber } from '../contract/numbers';
import { destinationProblem, OWN_NUMBER_PROBLEM } from '../rules/destinations';
import { friendlyName } from '../rules/us-numbers';
import { ownerOfNumber } from './db';

// The sandbox number catalogue; the US number rules come from rules/, as on the server.

/** An area code with no numbers left: the search answers numbers of NEARBY_AREA_CODE with exact_match false. */
export const SOLD_OUT_AREA_CODE = '555';
export const NEARBY_AREA_CODE = '512';
const RESULTS = 10;

/** Deterministic numbers in the fictional 555-01xx range of an area code, skipping numbers already owned. */
export function availableNumbers(areaCode: string): AvailableNumber[] {
  return Array.from({ length: 100 }, (_, i) => `+1${areaCode}55501${String(i).padStart(2, '0')}`)
    .filter((number) => ownerOfNumber(number) === undefined)
    .slice(0, RESULTS)
    .map((phone_number) => ({ phone_number, friendly_name: friendlyName(phone_number) }));
}

/** The server's destination policy (rules/destinations.ts plus "not one of our numbers"): the 400's sentence. */
export const destinationRefusal = (number: string) =>
  destinationProblem(number) ?? (ownerOfNumber(number) === undefined ? null : OWN_NUMBER_PROBLEM);
