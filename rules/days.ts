// Day arithmetic every side shares. A trial's days left count from the account's billing time.
// The history's date filters are whole days of the user's time zone (the one its times show in),
// both ends included (YYYY-MM-DD). Without a zone they are UTC days.

export const DAY_MS = 86_400_000;
const DAY_SECONDS = DAY_MS / 1000;

/** Whole days from `now` until `end` (both epoch seconds), rounded up; 0 or less once it has passed. */
export const daysLeft = (end: number, now: number): number => Math.ceil((end - now) / DAY_SECONDS);
// Built once per zone: building one costs far more than using it. Bounded, since the names come
// from requests and Intl takes any spelling of one ("aMeRiCa/cHiCaGo").
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const MAX_ZONES = 1000;
// A zone's day starts, found once each (~10 µs through Intl, and every dated history request asks
// two): zone rules do not change while the process runs. Bounded like the formatters.
const dayStarts = new Map<string, number>();
const MAX_DAY_STARTS = 10_000;
// A zone's offset through each UTC hour it holds still in: a CSV file's times (a row each, ~6 µs
// through Intl) mostly share their hours. Bounded too (a year of one zone's hours is 8,760; the
// keys are request spellings, as above, so the bound also caps what odd spellings can take).
const HOUR_MS = 3_600_000;
const steadyHours = new Map<string, number>();
const MAX_STEADY_HOURS = 20_000;

/** Keeps `value` under `key`, emptying a cache that has reached `max` entries first. */
function keep<T>(cache: Map<string, T>, max: number, key: string, value: T): T {
  if (cache.size >= max) cache.clear();
  cache.set(key, value);
  return value;
}

function wallClock(zone: string): Intl.DateTimeFormat {
  const known = wallClocks.get(zone);
  if (known) return known;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return keep(wallClocks, MAX_ZONES, zone, format);
}

/** Whether `zone` is a time zone name the platform knows (IANA: America/Chicago, UTC…). */
export function isTimeZone(zone: string): boolean {
  try {
    wallClock(zone);
    return true;
  } catch {
    return false;
  }
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(zone: string, instant: number): number {
  const part = Object.fromEntries(
    wallClock(zone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * `offsetAt`, remembered per UTC hour when the offset is the same at both of its ends, assuming no
 * zone changes its clocks and back again within one hour; an hour with a change in it (Lord Howe's
 * at :30) is asked of Intl every time.
 */
function steadyOffsetAt(zone: string, instant: number): number {
  const hour = Math.floor(instant / HOUR_MS) * HOUR_MS;
  const key = `${zone} ${hour}`;
  const known = steadyHours.get(key);
  if (known !== undefined) return known;
  const offset = offsetAt(zone, hour);
  if (offsetAt(zone, hour + HOUR_MS - 1) !== offset) return offsetAt(zone, instant);
  return keep(steadyHours, MAX_STEADY_HOURS, key, offset);
}

/** The instant `day` begins in `zone` (UTC when not given): a new Date each time, the caller's own. */
export function startOfDay(day: string, zone?: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // UTC, the default, needs no zone data (a history request's server time is counted in µs).
  if (!zone || zone === 'UTC') return new Date(midnight);
  const key = `${zone} ${day}`;
  const start = dayStarts.get(key) ?? keep(dayStarts, MAX_DAY_STARTS, key, zonedMidnight(midnight, zone));
  return new Date(start);
}

/**
 * A day's local midnight (UTC's midnight of that date given), found from the offset there, checked
 * again across a DST change. Where midnight does not exist (a change at 00:00, as in Santiago), the
 * later of the two is the day's first instant; the earlier is still the day before.
 */
function zonedMidnight(midnight: number, zone: string): number {
  const guess = midnight - offsetAt(zone, midnight);
  const offset = offsetAt(zone, guess);
  if (midnight - offset === guess) return guess;
  const second = midnight - offsetAt(zone, midnight - offset);
  return Math.max(midnight - offset, second);
}

/**
 * `at` in ISO 8601 on `zone`'s wall clock, with its offset (2026-01-05T21:00:00.000-06:00): what
 * a spreadsheet reads as the user's time. UTC's is toISOString's (…Z).
 */
export function zonedTimestamp(at: Date, zone?: string): string {
  if (!zone || zone === 'UTC') return at.toISOString();
  const offset = steadyOffsetAt(zone, at.getTime());
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${new Date(at.getTime() + offset).toISOString().slice(0, 23)}${offset < 0 ? '-' : '+'}${hhmm}`;
}

const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The instants a range of whole days covers: created_at >= from and < until (each when given). */
export function dayRange(startDate?: string, endDate?: string, zone?: string) {
  return {
    from: startDate ? startOfDay(startDate, zone) : undefined,
    until: endDate ? startOfDay(dayAfter(endDate), zone) : undefined,
  };
}
