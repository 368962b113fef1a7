import type { CallDetail, Direction } from '../../contract/calls';

type CallQuery = {
  page: number;
  perPage: number;
  startDate?: string;
  endDate?: string;
  direction?: Direction;
};

/**
 * The /dashboard/calls query, once its schema has checked it (contract/requests.ts), with the server's
 * defaults (page 1, 10 per page); or the server's sentence for a range that ends before it starts.
 */
export function parseCallQuery(query: URLSearchParams): CallQuery | string {
  const startDate = query.get('start_date') ?? undefined;
  const endDate = query.get('end_date') ?? undefined;
  if (startDate && endDate && startDate > endDate) return 'The start date must not be after the end date.';
  return {
    page: Number(query.get('page') ?? 1),
    perPage: Number(query.get('per_page') ?? 10),
    startDate,
    endDate,
    direction: (query.get('direction') ?? undefined) as Direction | undefined,
  };
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString();

/** Calls matching the filters; dates are whole UTC days, both ends included. Input is newest first. */
export function filterCalls(calls: CallDetail[], { startDate, endDate, direction }: CallQuery) {
  const from = startDate ? `${startDate}T00:00:00.000Z` : '';
  const until = endDate ? nextDay(endDate) : '';
  return calls.filter(
    (call) =>
      (!direction || call.direction === direction) &&
      (!from || call.created_at >= from) &&
      (!until || call.created_at < until),
  );
}
