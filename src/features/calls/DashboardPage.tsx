import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useBusinessLine } from '@/hooks/useBusinessLine';
import { useHydrated } from '@/lib/useHydrated';
import { BusinessNumber } from './BusinessNumber';
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

// The history and the texts mount in a commit after the top of the page's: one commit with the usage
// card and the call panel was a long task on a phone-speed CPU (TBT). The history's placeholder, of the
// same size, holds its place meanwhile; the build's prerender (no effects) renders all of it at once.
function useLowerPartMounted() {
  const running = useHydrated();
  const [mounted, setMounted] = useState(!running);
  useEffect(() => {
    if (!mounted) startTransition(() => setMounted(true));
  }, [mounted]);
  return mounted;
}

export default function DashboardPage() {
  const line = useBusinessLine();
  const lowerPart = useLowerPartMounted();
  // A number picked with a history row's Call back: a new object each time, so a second pick of the
  // same number fills the dialler again.
  const [callBack, setCallBack] = useState<{ number: string }>();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <Typography variant="pageTitle" tabIndex={-1}>
        Dashboard
      </Typography>
      {line.businessNumber && <BusinessNumber number={line.businessNumber} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 3, alignItems: 'stretch' }}>
        <MakeCallPanel {...line} callBack={callBack} />
        <UsageSummary />
      </Stack>
      {lowerPart ? (
        <Suspense fallback={<HistoryPlaceholder />}>
          <CallHistory onCallBack={(number) => setCallBack({ number })} />
        </Suspense>
      ) : (
        <HistoryPlaceholder />
      )}
      {lowerPart && (
        <Suspense fallback={null}>
          <TextsPanel />
        </Suspense>
      )}
    </Container>
  );
}
