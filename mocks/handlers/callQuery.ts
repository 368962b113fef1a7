import type { CallDetail, CallQuery } from '../../contract/calls';
import { dayRange } from '../../rules/days';
import { callRefusals } from '../../contract/refusals/calls';

/**
 * The history's query as its schema has checked it (contract/endpoints/, defaults filled in), or the
 * server's sentence for a range that ends before it starts, which a schema cannot say.
 */
export function checkedCallQuery(query: CallQuery): CallQuery | string {
  const { start_date: start, end_date: end } = query;
  return start && end && start > end ? callRefusals.startAfterEnd.message : query;
}

/**
 * Calls matching the filters; dates are whole days of time_zone (UTC without one), both ends
 * included (rules/days.ts, as the server). Input is newest first.
 */
export function filterCalls(calls: CallDetail[], { start_date, end_date, time_zone, direction }: CallQuery) {
  const { from, until } = dayRange(start_date, end_date, time_zone);
  return calls.filter(
    (call) =>
      (!direction || call.direction === direction) &&
      (!from || new Date(call.created_at) >= from) &&
      (!until || new Date(call.created_at) < until),
  );
}
