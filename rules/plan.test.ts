import {
  billedMinutes,
  CENTS_PER_EXTRA_MINUTE,
  dollars,
  INCLUDED_MINUTES,
  MONTH_END_BILLING_CRON,
  MONTHLY_PRICE_CENTS,
  NUMBER_HOLD_DAYS,
  overageCents,
  PLAN_NAME,
  TRIAL_CALL_MINUTES,
  TRIAL_DAYS,
  USAGE_THRESHOLD_CENTS,
  wholeDollars,
  YEARLY_PRICE_CENTS,
} from './plan';

// The one plan's terms as the product spec states them, and what a call and a month cost.

it('is the plan the spec sells: $5 a month billed at $60 a year, 14 days free, 100 minutes, 2¢ over', () => {
  expect(PLAN_NAME).toBe('Forwardly Business Line');
  expect(wholeDollars(YEARLY_PRICE_CENTS)).toBe('$60');
  expect(wholeDollars(MONTHLY_PRICE_CENTS)).toBe('$5');
  expect(TRIAL_DAYS).toBe(14);
  expect(INCLUDED_MINUTES).toBe(100);
  expect(dollars(CENTS_PER_EXTRA_MINUTE)).toBe('$0.02');
  expect(dollars(USAGE_THRESHOLD_CENTS)).toBe('$10.00');
});

it('bills the closed months on the 1st at 00:05 UTC, holds a stopped number 30 days, caps a trial at 300 minutes', () => {
  expect(MONTH_END_BILLING_CRON).toBe('5 0 1 * *');
  expect(NUMBER_HOLD_DAYS).toBe(30);
  expect(TRIAL_CALL_MINUTES).toBe(300);
});

it.each([
  [0, 0],
  [1, 1],
  [59, 1],
  [60, 1],
  [61, 2],
  [119.5, 2],
  [120, 2],
  [121, 3],
  [-30, 0],
])('bills a %p s call as %p minutes (every started minute)', (seconds, minutes) => {
  expect(billedMinutes(seconds)).toBe(minutes);
});

it.each([
  [0, 0],
  [99, 0],
  [100, 0],
  [101, 2],
  [102, 4],
  [599, 998],
  [600, 1000],
  [601, 1002],
])('charges %p minutes in a month %p cents', (minutes, cents) => {
  expect(overageCents(minutes)).toBe(cents);
});

it('reaches the $10 usage threshold at exactly 600 minutes in a month (500 extra), not one before', () => {
  expect(overageCents(599)).toBeLessThan(USAGE_THRESHOLD_CENTS);
  expect(overageCents(600)).toBe(USAGE_THRESHOLD_CENTS);
});

it.each([
  [0, '$0.00'],
  [2, '$0.02'],
  [10, '$0.10'],
  [99, '$0.99'],
  [100, '$1.00'],
  [6000, '$60.00'],
  [99999, '$999.99'],
  [100000, '$1,000.00'],
  [123456, '$1,234.56'],
  [123456789, '$1,234,567.89'],
  [-150, '-$1.50'],
  [1.5, '$0.02'],
  [1.4, '$0.01'],
])('writes %p cents as %p', (cents, text) => {
  expect(dollars(cents)).toBe(text);
});
