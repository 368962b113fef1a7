import { dayRange, startOfDay, zonedTimestamp } from './days';

// Without a zone, days and times are UTC's, whatever the host's own zone: this bites when the host
// is not on UTC (.ci/run and the rules mutation group run it with TZ=America/Los_Angeles).

it("counts a day given without a zone from UTC's midnight", () => {
  expect(startOfDay('2026-01-05').toISOString()).toBe('2026-01-05T00:00:00.000Z');
  expect(dayRange('2026-01-05', '2026-01-05')).toEqual({
    from: new Date('2026-01-05T00:00:00.000Z'),
    until: new Date('2026-01-06T00:00:00.000Z'),
  });
});

it('writes a time without a zone as UTC (…Z)', () => {
  expect(zonedTimestamp(new Date('2026-01-05T03:00:00Z'))).toBe('2026-01-05T03:00:00.000Z');
});
