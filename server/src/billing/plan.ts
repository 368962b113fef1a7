// The plan (spec §1, §9): $60 a year with a 14-day trial, 100 minutes a month included,
// extra minutes at $0.02, charged monthly in arrears or as soon as $10 is unbilled.
export const PLAN_NAME = 'Forwardly Business Line';
export const PLAN_PRICE_CENTS_PER_YEAR = 6000;
export const TRIAL_DAYS = 14;
// (Included minutes and the per-minute rate live with usage, in usage/plan.ts.)
export const USAGE_INVOICE_THRESHOLD_CENTS = 1000;
// Stripe's minimum charge in USD: a smaller amount waits for the next month's charge.
export const MINIMUM_CHARGE_CENTS = 50;
// What an unpaid trial can cost us: its calls stop at this many minutes in total.
export const TRIAL_MINUTES_LIMIT = 300;
// How long a number stays the account's after service stops, before it is released.
export const NUMBER_HOLD_DAYS = 30;

export const PLAN_PRICE = `$${(PLAN_PRICE_CENTS_PER_YEAR / 100).toFixed(2)} a year`;
