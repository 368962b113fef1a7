// Forwardly's one plan, as customers are told it and billed for it. The web app's copy, the mock
// API and the server's billing all take its terms from here.

export const PLAN_NAME = 'Forwardly Business Line';
/** The price of a year, charged when the trial ends (or at once when there is no trial). */
export const YEARLY_PRICE_CENTS = 6000;
/** The same price per month, as the pricing copy quotes it. */
export const MONTHLY_PRICE_CENTS = YEARLY_PRICE_CENTS / 12;
export const TRIAL_DAYS = 14;
/** Minutes included in each calendar month (UTC); every started minute of a call counts. */
export const INCLUDED_MINUTES = 100;
export const CENTS_PER_EXTRA_MINUTE = 2;
/** Extra minutes are charged monthly in arrears, or as soon as this much is unbilled. */
export const USAGE_THRESHOLD_CENTS = 1000;
/** When the closed months' extra minutes are charged: the 1st, a few minutes after midnight UTC (cron). */
export const MONTH_END_BILLING_CRON = '5 0 1 * *';
/** Days a number stays the account's after its service stops, before it is released. */
export const NUMBER_HOLD_DAYS = 30;
/** What an unpaid trial can cost us: its calls stop at this many minutes in total. */
export const TRIAL_CALL_MINUTES = 300;

/** Billed minutes of one call: every started minute counts. */
export const billedMinutes = (seconds: number) => Math.ceil(Math.max(0, seconds) / 60);

const overageMinutes = (minutesUsed: number) => Math.max(0, minutesUsed - INCLUDED_MINUTES);

export const overageCents = (minutesUsed: number) => overageMinutes(minutesUsed) * CENTS_PER_EXTRA_MINUTE;

/**
 * An amount with its cents: 6000 → "$60.00", 2 → "$0.02", 123456 → "$1,234.56", -150 → "-$1.50".
 * Written out rather than with Intl.NumberFormat: the first currency formatter a page builds costs
 * ~15 ms of main thread (~60 ms on Lighthouse's slowed phone), a long task on the landing page.
 */
export function dollars(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  const units = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}$${units}.${String(whole % 100).padStart(2, '0')}`;
}

/** A whole-dollar amount as the pricing copy writes it: 6000 → "$60". */
export const wholeDollars = (cents: number) => `$${cents / 100}`;
