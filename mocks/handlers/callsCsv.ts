import type { CallDetail } from '../../contract/calls';

// The server's CSV export (server/src/calls/csv.ts): the same columns, newest first. No value
// here can hold a comma or a quote, so none needs quoting.
const HEADER = ['Date and time (UTC)', 'Direction', 'From', 'To', 'Status', 'Duration', 'Duration (seconds)'];

const minutesSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export const callsCsv = (calls: CallDetail[]) =>
  [
    HEADER,
    ...calls.map((c) => [
      c.created_at,
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
