import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useFocusHeadingOnChange } from '@/lib/useFocusHeadingOnChange';
import { EarlyUsageGone } from './EarlyUsageGone';
import { Footer } from './Footer';
import { PageFallback } from './PageFallback';

/** `signedIn`: the signed-in route table's layout (the footer's legal links open a dialog there). */
export function Layout({ signedIn = false }: { signedIn?: boolean }) {
  // An in-app navigation moves focus to the new page's h1 (not the first load, nor a change of query only).
  const pageRef = useFocusHeadingOnChange<HTMLDivElement>(useLocation().pathname);
  // The footer waits with the page: shown under the spinner, the arriving page would push it down.
  return (
    <Box ref={pageRef} sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Suspense fallback={<PageFallback />}>
        <Box component="main" sx={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Footer signedIn={signedIn} />
        <EarlyUsageGone />
      </Suspense>
    </Box>
  );
}
