import { type CallDetail, callsCsvHeader } from '../../contract/calls';
import { zonedTimestamp } from '../../rules/days';

// The server's CSV export (server/src/calls/csv.ts): the same columns, newest first. No value
// here can hold a comma or a quote, so none needs quoting.
const minutesSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The calls as the server writes them, times on the clock of `timeZone` (UTC without one). */
export const callsCsv = (calls: CallDetail[], timeZone?: string) =>
  [
    callsCsvHeader(timeZone),
    ...calls.map((c) => [
      zonedTimestamp(new Date(c.created_at), timeZone),
      c.direction,
      c.from_number,
      c.to_number,
      c.status,
      minutesSeconds(c.duration),
      c.duration,
    ]),
  ]
    .map((row) => `${row.join(',')}\n`)
    .join('');
