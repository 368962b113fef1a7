import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

// One accordion panel as a native disclosure (<details>): keyboard and screen-reader support come with the
// element, and MUI's Accordion would cost the landing page ~6 KB gzip.
const Details = styled('details')(({ theme }) => ({
  borderBottom: `1px solid ${theme.palette.divider}`,
  '& > summary': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: 16,
    padding: '16px 4px',
    fontWeight: 600,
    cursor: 'pointer',
    listStyle: 'none',
    '&::-webkit-details-marker': { display: 'none' },
    '&::after': { content: '"+"', fontSize: '1.5rem', lineHeight: 1, color: theme.palette.primary.main },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '&[open] > summary::after': { content: '"−"' },
}));

export function FaqItem({ question, answer }: { question: string; answer: string }) {
  return (
    <Details>
      <summary>{question}</summary>
      <Typography color="textSecondary" sx={{ px: 0.5, pb: 2 }}>
        {answer}
      </Typography>
    </Details>
  );
}
