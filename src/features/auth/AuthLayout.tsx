import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '@/config';

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The frame of the signed-out account pages: brand link home, then a card with the page's heading. */
export function AuthLayout({ title, subtitle, children }: Props) {
  return (
    <Box sx={{ px: 2, py: { xs: 4, sm: 8 }, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <Link component={RouterLink} to="/" underline="none" variant="brand" sx={{ mb: 3 }}>
        {config.productName}
      </Link>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="cardTitle" tabIndex={-1} sx={{ mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
