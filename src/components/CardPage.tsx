import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Centres the card's text: pages that say one thing and offer buttons. */
  centered?: boolean;
}

/** A page that is one card in the middle: a subscription required, the return from checkout or its cancel. */
export function CardPage({ children, centered = false }: Props) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: centered ? 'center' : undefined }}>
        {children}
      </Paper>
    </Container>
  );
}
