import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { startTransition, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useHydrated } from '@/lib/useHydrated';
import { FIRST_CALL_PAGE, type HistoryFilters, useGetCallsQuery } from '@/store/api/calls';
import { CallFiltersPanel } from './CallFiltersPanel';
import { CallList } from './CallList';
import { DownloadCallsButton } from '@/components/DownloadCallsButton';
import { HistoryLoading, HistorySection } from './HistoryPlaceholder';

const { page: FIRST_PAGE, per_page: PAGE_SIZE, ...NO_FILTERS } = FIRST_CALL_PAGE;

// The parts of the history, top to bottom, each mounted in a commit of its own: together their first
// commit (three fields, ten calls, the pages) was one task of ~135 ms on a phone-speed CPU, and a
// task that long keeps the page from answering a tap. Each part is added below the ones before, so
// nothing already shown moves.
const FILTERS = 1;
const CALLS = 2;
const PAGES = 3;

function useMountedParts() {
  // Rendered to HTML (the build renders the page once for its styles, src/prerender.tsx), no effect
  // runs to add the parts: all of them at once.
  const running = useHydrated();
  const [parts, setParts] = useState(running ? FILTERS : PAGES);
  useEffect(() => {
    if (parts < PAGES) startTransition(() => setParts(parts + 1));
  }, [parts]);
  return parts;
}

export function CallHistory() {
  const parts = useMountedParts();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [page, setPage] = useState(FIRST_PAGE);
  const { data, isLoading, isError } = useGetCallsQuery({ ...filters, page, per_page: PAGE_SIZE });

  useEffect(() => {
    if (isError) toast.error('Failed to load call history', { id: 'call-history' });
  }, [isError]);

  const changeFilters = (next: HistoryFilters) => {
    setFilters(next);
    setPage(FIRST_PAGE);
  };
  // After a failed load the hook still holds the previous page; show none rather than stale calls.
  const history = isError ? undefined : data;
  const totalPages = history?.metadata.total_pages ?? 0;

  return (
    <HistorySection>
      <CallFiltersPanel
        filters={filters}
        onChange={changeFilters}
        action={<DownloadCallsButton filters={filters} />}
      />
      {(isLoading || parts < CALLS) && <HistoryLoading />}
      {parts >= CALLS && history && history.calls.length === 0 && (
        <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
          No calls yet
        </Typography>
      )}
      {parts >= CALLS && history && history.calls.length > 0 && <CallList calls={history.calls} />}
      {parts >= PAGES && totalPages > 1 && (
        <Pagination
          count={totalPages}
          page={Math.min(page, totalPages)}
          onChange={(_event, next) => setPage(next)}
          color="primary"
          siblingCount={0}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </HistorySection>
  );
}
