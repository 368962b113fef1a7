import type { CallDetail, CallQuery } from '../../contract/calls';

/**
 * The history's query as its schema has checked it (contract/requests.ts, defaults filled in), or the
 * server's sentence for a range that ends before it starts, which a schema cannot say.
 */
export function checkedCallQuery(query: Record<string, unknown>): CallQuery | string {
  const checked = query as CallQuery;
  const { start_date: start, end_date: end } = checked;
  return start && end && start > end ? 'The start date must not be after the end date.' : checked;
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString();

/** Calls matching the filters; dates are whole UTC days, both ends included. Input is newest first. */
export function filterCalls(calls: CallDetail[], { start_date, end_date, direction }: CallQuery) {
  const from = start_date ? `${start_date}T00:00:00.000Z` : '';
  const until = end_date ? nextDay(end_date) : '';
  return calls.filter(
    (call) =>
      (!direction || call.direction === direction) &&
      (!from || call.created_at >= from) &&
      (!until || call.created_at < until),
  );
}
