import type { HistoryFilters } from '@/store/api/calls';

/** The start/end rule the server enforces (400 otherwise), said before asking it. */
export const datesProblem = ({ start_date, end_date }: HistoryFilters) =>
  start_date && end_date && start_date > end_date ? 'End date must be on or after the start date' : '';

export const hasFilters = ({ direction, start_date, end_date }: HistoryFilters) =>
  direction !== 'all' || Boolean(start_date) || Boolean(end_date);

/** Which calls of how many a page shows: "1–10 of 19". */
export function pageRange(
  { current_page, per_page, total_items }: { current_page: number; per_page: number; total_items: number },
  shown: number,
) {
  const first = (current_page - 1) * per_page + 1;
  return `${first}–${first + shown - 1} of ${total_items}`;
}
