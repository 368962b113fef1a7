import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useHostedBillingPage } from '@/hooks/useHostedBillingPage';
import { TRIAL_DAYS } from '@rules/plan';
import { TrialBenefits } from './TrialBenefits';
import { TrialGuarantee } from './TrialGuarantee';
import { CHECKOUT_FAILED } from './useSignup';

/** /trial: why the free trial needs a card, and the way (back) into checkout for a signed-in user. */
export default function TrialPage() {
  const { open, isOpening } = useHostedBillingPage();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, sm: 6 } }}>
      <Typography variant="h1" tabIndex={-1} sx={{ textAlign: 'center', mb: 1.5 }}>
        Start Your Risk-Free Trial Today
      </Typography>
      <Typography color="textSecondary" sx={{ textAlign: 'center', mb: 4 }}>
        One last step: confirm your free trial and your business line goes live.
      </Typography>
      <TrialBenefits />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 4 }}>
        <Paper variant="outlined" component="section" aria-labelledby="trial-card" sx={{ p: 3 }}>
          <Typography id="trial-card" variant="h3" component="h2" gutterBottom>
            Why do we need a card?
          </Typography>
          <Typography color="textSecondary">
            Your card keeps your business number reserved for you and lets your service continue without
            interruption when the trial ends. You will not be charged during the {TRIAL_DAYS}-day trial, and
            if you cancel before it ends you pay nothing.
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <TrialGuarantee />
        </Paper>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 4 }}>
        <Button
          variant="contained"
          size="large"
          onClick={() => void open('checkout', CHECKOUT_FAILED)}
          disabled={isOpening}
        >
          {isOpening ? 'Setting up trial...' : 'Finish Setting Up Trial'}
        </Button>
      </Box>
    </Container>
  );
}
