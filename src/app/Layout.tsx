import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { PageFallback } from './PageFallback';

export function Layout() {
  // The footer waits with the page: shown under the spinner, the arriving page would push it down.
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Suspense fallback={<PageFallback />}>
        <Box component="main" sx={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Footer />
      </Suspense>
    </Box>
  );
}
