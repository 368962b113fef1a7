import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface Props {
  /** The id of the section's heading, which names it. */
  labelledBy: string;
  maxWidth: number;
  children: ReactNode;
}

/** A landing page section on the paper band, its content in a centred column. */
export function PaperSection({ labelledBy, maxWidth, children }: Props) {
  return (
    <Box
      component="section"
      aria-labelledby={labelledBy}
      sx={{ px: { xs: 2, md: 4 }, py: 6, bgcolor: 'background.paper' }}
    >
      <Box sx={{ maxWidth, mx: 'auto' }}>{children}</Box>
    </Box>
  );
}
