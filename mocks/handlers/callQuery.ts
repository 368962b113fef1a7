import type { CallDetail, Direction } from '../../contract/calls';

type CallQuery = {
  page: number;
  perPage: number;
  startDate?: string;
  endDate?: string;
  direction?: Direction;
};

const MAX_PER_PAGE = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const positiveInt = (value: string | null, fallback: number) =>
  value === null || value === '' ? fallback : /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : NaN;

const validDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The /dashboard/calls query with the server's defaults (page 1, 10 per page), or the reason it is invalid. */
export function parseCallQuery(query: URLSearchParams): CallQuery | string {
  const page = positiveInt(query.get('page'), 1);
  const perPage = positiveInt(query.get('per_page'), 10);
  if (Number.isNaN(page)) return 'page must be a positive integer';
  if (Number.isNaN(perPage) || perPage > MAX_PER_PAGE)
    return `per_page must be between 1 and ${MAX_PER_PAGE}`;
  const startDate = query.get('start_date') || undefined;
  const endDate = query.get('end_date') || undefined;
  if ((startDate && !validDate(startDate)) || (endDate && !validDate(endDate))) {
    return 'Dates must be in YYYY-MM-DD form';
  }
  if (startDate && endDate && startDate > endDate) return 'The start date must not be after the end date.';
  const direction = query.get('direction') || undefined;
  if (direction && direction !== 'inbound' && direction !== 'outbound') {
    return 'direction must be inbound or outbound';
  }
  return { page, perPage, startDate, endDate, direction: direction as Direction | undefined };
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
