import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  INCLUDED_MINUTES,
  MONTHLY_PRICE_CENTS,
  TRIAL_DAYS,
  wholeDollars,
  YEARLY_PRICE_CENTS,
} from '@rules/plan';
import { PricingEstimator } from './PricingEstimator';
import { StartTrialButton } from './StartTrialButton';

export function PricingSection() {
  return (
    <Box component="section" aria-labelledby="pricing-title" sx={{ px: { xs: 2, md: 4 }, py: 6 }}>
      <Box
        sx={{
          maxWidth: 960,
          mx: 'auto',
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        <div>
          <Typography id="pricing-title" variant="h2" gutterBottom>
            One simple plan
          </Typography>
          <Typography variant="price">
            {wholeDollars(MONTHLY_PRICE_CENTS)}
            <Typography component="span">/month</Typography>
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            Billed annually at {wholeDollars(YEARLY_PRICE_CENTS)}/year. {INCLUDED_MINUTES} minutes included
            every month. Start with a {TRIAL_DAYS}-day free trial.
          </Typography>
          <StartTrialButton />
        </div>
        <PricingEstimator />
      </Box>
    </Box>
  );
}
