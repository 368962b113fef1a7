import { dollars, YEARLY_PRICE_CENTS } from '../../../rules/plan';

// How the server bills the plan (its terms are in rules/plan.ts).

// Stripe's minimum charge in USD: a smaller amount waits for the next month's charge.
export const MINIMUM_CHARGE_CENTS = 50;
// How long a number stays the account's after service stops, before it is released.
export const NUMBER_HOLD_DAYS = 30;

export const PLAN_PRICE = `${dollars(YEARLY_PRICE_CENTS)} a year`;
