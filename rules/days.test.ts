import { dayRange, daysLeft, isTimeZone, startOfDay, zonedTimestamp } from './days';

// The history's dates are days of the user's time zone: where each begins, and where a range of
// them begins and ends.

it("begins a day at the zone's midnight, across the US daylight-saving changes", () => {
  const starts = (day: string, zone?: string) => startOfDay(day, zone).toISOString();
  expect(starts('2026-03-08', 'America/Chicago')).toBe('2026-03-08T06:00:00.000Z');
  expect(starts('2026-03-09', 'America/Chicago')).toBe('2026-03-09T05:00:00.000Z');
  expect(starts('2026-11-02', 'America/Chicago')).toBe('2026-11-02T06:00:00.000Z');
  expect(starts('2026-07-01', 'Pacific/Honolulu')).toBe('2026-07-01T10:00:00.000Z');
  expect(starts('2026-01-05', 'Pacific/Guam')).toBe('2026-01-04T14:00:00.000Z');
  expect(starts('2026-01-05', 'Asia/Kolkata')).toBe('2026-01-04T18:30:00.000Z');
  expect(starts('2026-01-05')).toBe('2026-01-05T00:00:00.000Z');
});

it('begins a day whose midnight the clocks skip at its first instant, not the day before', () => {
  const starts = (day: string, zone: string) => startOfDay(day, zone).toISOString();
  // Santiago and the Azores spring forward at midnight, Havana too; Samoa skipped 2011-12-30.
  expect(starts('2025-09-07', 'America/Santiago')).toBe('2025-09-07T04:00:00.000Z');
  expect(starts('2025-03-30', 'Atlantic/Azores')).toBe('2025-03-30T01:00:00.000Z');
  expect(starts('2025-03-09', 'America/Havana')).toBe('2025-03-09T05:00:00.000Z');
  expect(starts('2011-12-30', 'Pacific/Apia')).toBe('2011-12-30T10:00:00.000Z');
  // A midnight that comes twice (Havana falls back at 01:00 to 00:00): the first of them.
  expect(starts('2025-11-02', 'America/Havana')).toBe('2025-11-02T04:00:00.000Z');
});

it("gives each caller its own day start: changing one does not move the day's next answer", () => {
  const first = startOfDay('2026-03-08', 'America/Chicago');
  first.setUTCHours(0);
  expect(startOfDay('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
  // The same day in another zone is another answer.
  expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
});

it('still refuses a zone Intl does not know, asked again', () => {
  for (let i = 0; i < 2; i++) {
    expect(() => startOfDay('2026-03-08', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => zonedTimestamp(new Date('2026-03-08T12:00:00Z'), 'Mars/Olympus')).toThrow(RangeError);
  }
});

it('covers both ends of a range: from the first day to the end of the last', () => {
  expect(dayRange('2026-03-07', '2026-03-08', 'America/New_York')).toEqual({
    from: new Date('2026-03-07T05:00:00.000Z'),
    until: new Date('2026-03-09T04:00:00.000Z'),
  });
  expect(dayRange(undefined, '2026-01-31')).toEqual({ from: undefined, until: new Date('2026-02-01') });
});

it('knows time zone names, and only those', () => {
  expect(['America/Chicago', 'America/Puerto_Rico', 'UTC'].every(isTimeZone)).toBe(true);
  expect(['Mars/Olympus', 'Chicago', ''].some(isTimeZone)).toBe(false);
});

it("writes an instant on a zone's clock with its offset, and UTC's as before", () => {
  const at = new Date('2026-03-08T08:30:15.250Z');
  expect(zonedTimestamp(at, 'America/Chicago')).toBe('2026-03-08T03:30:15.250-05:00');
  expect(zonedTimestamp(new Date('2026-03-08T07:59:00Z'), 'America/Chicago')).toBe(
    '2026-03-08T01:59:00.000-06:00',
  );
  expect(zonedTimestamp(at, 'Asia/Kolkata')).toBe('2026-03-08T14:00:15.250+05:30');
  expect(zonedTimestamp(at, 'UTC')).toBe('2026-03-08T08:30:15.250Z');
  expect(zonedTimestamp(at)).toBe('2026-03-08T08:30:15.250Z');
});

it('writes each time with its own offset when the clocks change within an hour', () => {
  // Lord Howe Island springs forward from +10:30 to +11:00 at 15:30 UTC; the later time is asked
  // after the earlier one, which must not lend it its offset (nor the reverse, the next day).
  expect(zonedTimestamp(new Date('2026-10-03T15:15:00Z'), 'Australia/Lord_Howe')).toBe(
    '2026-10-04T01:45:00.000+10:30',
  );
  expect(zonedTimestamp(new Date('2026-10-03T15:45:00Z'), 'Australia/Lord_Howe')).toBe(
    '2026-10-04T02:45:00.000+11:00',
  );
  // A change on the hour (Chicago's, at 08:00 UTC): the hour before keeps its offset to its last
  // instant, once the hour is known.
  expect(zonedTimestamp(new Date('2026-03-08T07:00:00Z'), 'America/Chicago')).toBe(
    '2026-03-08T01:00:00.000-06:00',
  );
  expect(zonedTimestamp(new Date('2026-03-08T07:59:59.999Z'), 'America/Chicago')).toBe(
    '2026-03-08T01:59:59.999-06:00',
  );
  expect(zonedTimestamp(new Date('2026-03-08T08:00:00Z'), 'America/Chicago')).toBe(
    '2026-03-08T03:00:00.000-05:00',
  );
  // Lord Howe falls back from +11:00 to +10:30 at 15:00 UTC, also on the hour.
  expect(zonedTimestamp(new Date('2027-04-03T14:59:59Z'), 'Australia/Lord_Howe')).toBe(
    '2027-04-04T01:59:59.000+11:00',
  );
  expect(zonedTimestamp(new Date('2027-04-03T15:00:00Z'), 'Australia/Lord_Howe')).toBe(
    '2027-04-04T01:30:00.000+10:30',
  );
});

// A trial's days left, from the account's billing time: a part of a day counts as a day.
const DAY = 86_400;
const now = Date.UTC(2026, 0, 10, 12) / 1000;
it.each([
  [DAY * 10, 10],
  [DAY * 3 + 1, 4],
  [DAY, 1],
  [DAY / 2, 1],
  [1, 1],
  [0, 0],
  [-DAY, -1],
])('leaves a period ending %p s after now %p days', (offset, days) => {
  expect(daysLeft(now + offset, now)).toBe(days);
});

it('leaves a range open at the end without a last day, and at the start without a first day', () => {
  expect(dayRange('2026-03-07', undefined, 'America/New_York')).toEqual({
    from: new Date('2026-03-07T05:00:00.000Z'),
    until: undefined,
  });
  expect(dayRange()).toEqual({ from: undefined, until: undefined });
});

it("writes a zone at UTC's time with +00:00 (London in winter), not -00:00", () => {
  expect(zonedTimestamp(new Date('2026-01-05T09:00:00Z'), 'Europe/London')).toBe(
    '2026-01-05T09:00:00.000+00:00',
  );
});

it('begins a day whose midnight the clocks skip in a zone ahead of UTC at its first instant (Beirut, 01:00)', () => {
  // Beirut springs forward at 00:00 (+02:00 to +03:00): UTC's midnight is already in the new offset.
  expect(startOfDay('2025-03-30', 'Asia/Beirut').toISOString()).toBe('2025-03-29T22:00:00.000Z');
});

it('begins the day the clocks fall back in a zone ahead of UTC at its midnight on summer time (Berlin)', () => {
  // Berlin falls back at 01:00 UTC (+02:00 to +01:00): midnight is still on summer time, 22:00 UTC,
  // though an hour after UTC's midnight the offset is already +01:00.
  expect(startOfDay('2026-10-25', 'Europe/Berlin').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  expect(dayRange('2026-10-25', '2026-10-25', 'Europe/Berlin')).toEqual({
    from: new Date('2026-10-24T22:00:00.000Z'),
    until: new Date('2026-10-25T23:00:00.000Z'),
  });
});
