import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { startTransition, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useHydrated } from '@/lib/useHydrated';
import { FIRST_CALL_PAGE, type HistoryFilters, useGetCallsQuery } from '@/store/api/calls';
import { CallFiltersPanel } from './CallFiltersPanel';
import { CallList } from './CallList';
import { DownloadCallsButton } from '@/components/DownloadCallsButton';
import { HistoryLoading, HistorySection } from './HistoryPlaceholder';
import { datesProblem, hasFilters, pageRange } from './historyRange';
import { useLiveCallHistory } from './useLiveCallHistory';

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

const centered = { py: 4, textAlign: 'center' } as const;

export function CallHistory({ onCallBack }: { onCallBack?: (number: string) => void }) {
  const parts = useMountedParts();
  useLiveCallHistory();
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [page, setPage] = useState(FIRST_PAGE);
  // A range the server would refuse is not asked for; the field says why.
  const problem = datesProblem(filters);
  const { data, isLoading, isError, isFetching, refetch } = useGetCallsQuery(
    { ...filters, page, per_page: PAGE_SIZE },
    { skip: Boolean(problem) },
  );

  useEffect(() => {
    if (isError) toast.error('Failed to load call history', { id: 'call-history' });
  }, [isError]);

  const changeFilters = (next: HistoryFilters) => {
    setFilters(next);
    setPage(FIRST_PAGE);
  };
  // After a failed load the hook still holds the previous page; show none rather than stale calls.
  const history = isError || problem ? undefined : data;
  const totalPages = history?.metadata.total_pages ?? 0;
  const empty = parts >= CALLS && history && history.calls.length === 0;

  return (
    <HistorySection>
      <CallFiltersPanel
        filters={filters}
        onChange={changeFilters}
        datesProblem={problem}
        action={<DownloadCallsButton filters={filters} />}
      />
      {(isLoading || parts < CALLS) && <HistoryLoading />}
      {isError && !problem && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
              Retry
            </Button>
          }
        >
          The call history could not be loaded.
        </Alert>
      )}
      {empty && !hasFilters(filters) && (
        <Typography color="textSecondary" sx={centered}>
          No calls yet
        </Typography>
      )}
      {empty && hasFilters(filters) && (
        <Stack sx={{ ...centered, alignItems: 'center', gap: 1 }}>
          <Typography color="textSecondary">No calls match these filters</Typography>
          <Button variant="outlined" size="small" onClick={() => changeFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        </Stack>
      )}
      {parts >= CALLS && history && history.calls.length > 0 && (
        <CallList calls={history.calls} onCallBack={onCallBack} />
      )}
      {parts >= PAGES && history && history.calls.length > 0 && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography variant="body2" color="textSecondary">
            {pageRange(history.metadata, history.calls.length)}
          </Typography>
          {totalPages > 1 && (
            <Pagination
              count={totalPages}
              page={Math.min(page, totalPages)}
              onChange={(_event, next) => setPage(next)}
              color="primary"
              siblingCount={0}
            />
          )}
        </Stack>
      )}
    </HistorySection>
  );
}
