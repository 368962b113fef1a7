import { formatDate, formatDateTime } from './dates';

test('date and time follow the given locale', () => {
  const iso = '2026-03-05T12:00:00.000Z';
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
  expect(formatDateTime(iso, 'en-US')).toBe(expected);
  expect(formatDateTime(iso, 'en-US')).toMatch(/Mar 5, 2026/);
});

test('each locale and style keeps its own form, whichever was shown first', () => {
  const iso = '2026-03-05T12:00:00.000Z';
  const noon = Date.parse(iso) / 1000;
  expect(formatDateTime(iso, 'en-US')).toMatch(/^Mar 5, 2026/);
  expect(formatDateTime(iso, 'de-DE')).toMatch(/^05\.03\.2026/);
  expect(formatDate(noon, 'en-US')).toBe('March 5, 2026');
  expect(formatDate(noon, 'de-DE')).toBe('5. März 2026');
  expect(formatDateTime(iso)).toBe(
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
  );
  expect(formatDate(noon)).toBe(
    new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(noon * 1000),
  );
});
