import { daysLeft, formatDateTime } from './dates';

const DAY = 24 * 60 * 60;
const now = Date.UTC(2026, 0, 10, 12);

test.each([
  [DAY * 10, 10],
  [DAY, 1],
  [DAY / 2, 1],
  [1, 1],
  [0, 0],
  [-DAY, -1],
])('a period ending %p s from now leaves %p days', (offset, days) => {
  expect(daysLeft(now / 1000 + offset, now)).toBe(days);
});

test('date and time follow the given locale', () => {
  const iso = '2026-03-05T12:00:00.000Z';
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
  expect(formatDateTime(iso, 'en-US')).toBe(expected);
  expect(formatDateTime(iso, 'en-US')).toMatch(/Mar 5, 2026/);
});
