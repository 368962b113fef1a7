import { type CallDetail, callsCsvHeader, callsCsvRow } from '../../contract/calls';

/**
 * The server's CSV export (server/src/calls/csv.ts): the same rows (contract/calls.ts), newest first,
 * times on the clock of `timeZone`. No value here can hold a comma or a quote, so none needs quoting.
 */
export const callsCsv = (calls: CallDetail[], timeZone?: string) =>
  [callsCsvHeader(timeZone), ...calls.map((call) => callsCsvRow(call, timeZone))]
    .map((row) => `${row.join(',')}\n`)
    .join('');
