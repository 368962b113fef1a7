import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  /** Labels the section (aria-labelledby). */
  id: string;
  children: ReactNode;
  /** Space under the heading, in theme spacing units. */
  gap?: number;
}

/** The h2 of a card section on the dashboard and settings. */
export function SectionHeading({ id, children, gap = 2 }: Props) {
  return (
    <Typography id={id} variant="sectionTitle" sx={{ mb: gap }}>
      {children}
    </Typography>
  );
}
