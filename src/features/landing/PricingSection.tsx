import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PLAN } from './pricing';
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
          <Typography sx={{ fontSize: '2.5rem', fontWeight: 800, lineHeight: 1.2 }}>
            ${PLAN.monthlyDollars}
            <Box component="span" sx={{ fontSize: '1rem', fontWeight: 400 }}>
              /month
            </Box>
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Billed annually at ${PLAN.yearlyDollars}/year. {PLAN.includedMinutes} minutes included every
            month. Start with a {PLAN.trialDays}-day free trial.
          </Typography>
          <StartTrialButton />
        </div>
        <PricingEstimator />
      </Box>
    </Box>
  );
}
