import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MONTHLY_PRICE_CENTS, TRIAL_DAYS, wholeDollars } from '@rules/plan';
import { AreaCodeForm } from './AreaCodeForm';

export function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{ px: { xs: 2, md: 4 }, py: { xs: 5, md: 10 } }}
    >
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        <Typography id="hero-title" variant="heroTitle" tabIndex={-1} gutterBottom>
          A US business number that rings your own phone
        </Typography>
        <Typography variant="lead" color="textSecondary" sx={{ mb: 4 }}>
          {wholeDollars(MONTHLY_PRICE_CENTS)} a month, billed annually. Calls are forwarded to your mobile
          24/7, and you call out showing your business number. Pick your area code to start.
        </Typography>
        <AreaCodeForm />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          {TRIAL_DAYS}-day free trial. Card required. No contracts.
        </Typography>
      </Box>
    </Box>
  );
}
