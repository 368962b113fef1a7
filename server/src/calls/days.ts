import { DAY_MS, dayRange } from '../../../rules/days';
import { utcDay } from './record';

// The history's date range in the terms of its counters, which are kept per UTC day: the UTC days
// wholly inside it, and the parts of a UTC day at each end when the user's days start at another
// hour (a US user's day begins at 05:00–10:00 UTC). Those parts are counted from the calls.

const floorDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);
const earlier = (a: Date, b?: Date) => (b && b < a ? b : a);
const later = (a: Date, b?: Date) => (b && b > a ? b : a);

/** Calls at or after `from` and before `until`, all within the UTC `day`. */
export interface PartDay {
  day: string;
  from: Date;
  until: Date;
}

export interface CountedRange {
  from?: Date;
  until?: Date;
  // The first and last UTC days wholly inside (the last may come before the first: none).
  startDay?: string;
  endDay?: string;
  head?: PartDay;
  tail?: PartDay;
}

export function countedRange(startDate?: string, endDate?: string, zone?: string): CountedRange {
  const { from, until } = dayRange(startDate, endDate, zone);
  // UTC days are whole days of the counters (and this is the history's hot path).
  if (!zone || zone === 'UTC') return { from, until, startDay: startDate, endDay: endDate };
  const wholeFrom = from && ceilDay(from);
  const wholeUntil = until && floorDay(until);
  return {
    from,
    until,
    startDay: wholeFrom && utcDay(wholeFrom),
    endDay: wholeUntil && utcDay(new Date(wholeUntil.getTime() - DAY_MS)),
    head:
      from && from < wholeFrom! ? { day: utcDay(from), from, until: earlier(wholeFrom!, until) } : undefined,
    tail:
      until && wholeUntil! < until
        ? { day: utcDay(wholeUntil!), from: later(wholeUntil!, wholeFrom), until }
        : undefined,
  };
}
