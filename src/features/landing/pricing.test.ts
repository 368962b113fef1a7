import { dollars } from '@rules/plan';
import { monthlyEstimateCents } from './pricing';

test.each([
  [0, '$5.00'],
  [100, '$5.00'],
  [101, '$5.02'],
  [250, '$8.00'],
  [1000, '$23.00'],
])('%i minutes a month are estimated at %s', (minutes, expected) => {
  expect(dollars(monthlyEstimateCents(minutes))).toBe(expected);
});

test.each([
  [0, '$0.00'],
  [2, '$0.02'],
  [150, '$1.50'],
  [6000, '$60.00'],
  [123456, '$1,234.56'],
  [100000000, '$1,000,000.00'],
  [-150, '-$1.50'],
])('%i cents read %s, as en-US currency formatting writes them', (cents, expected) => {
  expect(dollars(cents)).toBe(expected);
  expect(dollars(cents)).toBe(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100),
  );
});
