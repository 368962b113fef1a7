import { dollars, YEARLY_PRICE_CENTS } from '../../../rules/plan';

// How the server bills the plan (its terms are in rules/plan.ts).

// Stripe's minimum charge in USD: a smaller amount waits for the next month's charge.
export const MINIMUM_CHARGE_CENTS = 50;
// Days after the period end of the last event that a live status still gives service: Stripe renews
// (or ends a trial) a little after the period end, and its events may come later still, retried for
// up to 3 days (docs/billing.md, "Stripe's rules").
export const SERVICE_GRACE_DAYS = 3;

export const PLAN_PRICE = `${dollars(YEARLY_PRICE_CENTS)} a year`;
