import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TRIAL_DAYS } from '@rules/plan';
import { FaqSection } from './FaqSection';
import { FeatureList } from './FeatureList';
import { Hero } from './Hero';
import { LandingHeader } from './LandingHeader';
import { PricingSection } from './PricingSection';
import { StartTrialButton } from './StartTrialButton';

export default function LandingPage() {
  return (
    <>
      <LandingHeader />
      <Hero />
      <FeatureList />
      <PricingSection />
      <FaqSection />
      <Box component="section" aria-labelledby="cta-title" sx={{ px: 2, py: 8, textAlign: 'center' }}>
        <Typography id="cta-title" variant="h2" gutterBottom>
          Get your business number today
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Try it free for {TRIAL_DAYS} days. Cancel any time.
        </Typography>
        <StartTrialButton />
      </Box>
    </>
  );
}
