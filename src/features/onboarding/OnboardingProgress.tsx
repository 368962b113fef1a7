import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ONBOARDING_STEPS, type OnboardingStep } from '@/store/onboardingSlice';

const LABELS: Record<OnboardingStep, string> = {
  search: 'Choose number',
  forward: 'Forward calls',
  signup: 'Create account',
};

/** Where the visitor is in the three onboarding steps. */
export function OnboardingProgress({ step }: { step: OnboardingStep }) {
  const index = ONBOARDING_STEPS.indexOf(step);
  return (
    <Box sx={{ mb: 4 }}>
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', mb: 1.5 }}>
        Step {index + 1} of {ONBOARDING_STEPS.length}
      </Typography>
      <Stepper activeStep={index} alternativeLabel aria-hidden>
        {ONBOARDING_STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{LABELS[name]}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
