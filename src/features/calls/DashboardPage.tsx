import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { formatE164 } from '@/lib/phone';
import { useBusinessLine } from '@/store/useBusinessLine';
import { DashboardNav } from './DashboardNav';
import { HistoryPlaceholder } from './HistoryPlaceholder';
import { MakeCallPanel } from './MakeCallPanel';
import { UsageSummary } from './UsageSummary';

// Below the fold on a phone, and the page's largest part (filters, table, pagination): its own chunk,
// rendered in a task of its own once the top of the page has painted. Its data is already on the way
// (src/app/prefetch.ts) and its chunk is preloaded with the page's (scripts/route-preload-plugin.ts).
const CallHistory = lazy(() => import('./CallHistory').then(({ CallHistory }) => ({ default: CallHistory })));
// Below the history: its own chunk too.
const TextsPanel = lazy(() =>
  import('@/features/texts/TextsPanel').then(({ TextsPanel }) => ({ default: TextsPanel })),
);

export default function DashboardPage() {
  const line = useBusinessLine();
  return (
    <>
      <DashboardNav />
      <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
        <Typography variant="pageTitle" tabIndex={-1}>
          Dashboard
        </Typography>
        {line.businessNumber && (
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            Your business number: {formatE164(line.businessNumber)}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 3, alignItems: 'stretch' }}>
          <MakeCallPanel {...line} />
          <UsageSummary />
        </Stack>
        <Suspense fallback={<HistoryPlaceholder />}>
          <CallHistory />
        </Suspense>
        <Suspense fallback={null}>
          <TextsPanel />
        </Suspense>
      </Container>
    </>
  );
}
