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
