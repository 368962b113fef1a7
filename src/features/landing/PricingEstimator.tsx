import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  CENTS_PER_EXTRA_MINUTE,
  dollars,
  INCLUDED_MINUTES,
  USAGE_THRESHOLD_CENTS,
  wholeDollars,
  YEARLY_PRICE_CENTS,
} from '@rules/plan';
import { ESTIMATOR, monthlyEstimateCents } from './pricing';

// The browser's own range input, in the brand colour: MUI's Slider would cost the landing page ~6 KB gzip.
const Range = styled('input')(({ theme }) => ({
  width: '100%',
  margin: '16px 0',
  accentColor: theme.palette.primary.main,
  cursor: 'pointer',
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 4 },
}));

export function PricingEstimator() {
  const [minutes, setMinutes] = useState<number>(ESTIMATOR.defaultMinutes);

  return (
    <Box
      sx={{
        p: { xs: 2.5, sm: 4 },
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="h3" component="h3" gutterBottom>
        Estimate your bill
      </Typography>
      <Box component="label" htmlFor="estimator-minutes" sx={{ display: 'block', typography: 'emphasis' }}>
        Minutes of calls a month: {minutes}
      </Box>
      <Range
        id="estimator-minutes"
        type="range"
        min={ESTIMATOR.min}
        max={ESTIMATOR.max}
        step={ESTIMATOR.step}
        value={minutes}
        aria-valuetext={`${minutes} minutes`}
        onChange={(event) => setMinutes(Number(event.target.value))}
      />
      <Typography component="p" aria-live="polite">
        Estimated cost:{' '}
        <Typography component="strong" variant="figure">
          {dollars(monthlyEstimateCents(minutes))}/month
        </Typography>
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {wholeDollars(YEARLY_PRICE_CENTS)}/year billed annually, with {INCLUDED_MINUTES} minutes included each
        month. Extra minutes cost {dollars(CENTS_PER_EXTRA_MINUTE)} each; usage is billed monthly in arrears
        or once it reaches {wholeDollars(USAGE_THRESHOLD_CENTS)}, whichever comes first.
      </Typography>
    </Box>
  );
}
