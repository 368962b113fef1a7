import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { SectionHeading } from '@/components/SectionHeading';

/** The call history's frame: its heading is there before the history's own code arrives. */
export function HistorySection({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="history-heading"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <SectionHeading id="history-heading">Call History</SectionHeading>
      {children}
    </Paper>
  );
}

export function HistoryLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label="Loading call history" />
    </Box>
  );
}

/** What shows while the history's code loads: the same frame and spinner as while its calls load. */
export function HistoryPlaceholder() {
  return (
    <HistorySection>
      <HistoryLoading />
    </HistorySection>
  );
}
