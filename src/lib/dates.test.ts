import { formatDateTime } from './dates';

test('date and time follow the given locale', () => {
  const iso = '2026-03-05T12:00:00.000Z';
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
  expect(formatDateTime(iso, 'en-US')).toBe(expected);
  expect(formatDateTime(iso, 'en-US')).toMatch(/Mar 5, 2026/);
});
