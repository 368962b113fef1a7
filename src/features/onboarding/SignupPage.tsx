import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { useFocusHeadingOnChange } from '@/lib/useFocusHeadingOnChange';
import { useAppSelector } from '@/store/hooks';
import { selectOnboardingStep } from '@/store/onboardingSlice';
import { ForwardingStep } from './ForwardingStep';
import { NumberSearchStep } from './NumberSearchStep';
import { OnboardingHeader } from './OnboardingHeader';
import { OnboardingProgress } from './OnboardingProgress';
import { SignupStep } from './SignupStep';

/** /signup: the three onboarding steps; the step is persisted, so a reload resumes where it was. */
export default function SignupPage() {
  const step = useAppSelector(selectOnboardingStep);
  // A new step moves focus to its heading.
  const stepRef = useFocusHeadingOnChange<HTMLDivElement>(step);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
      <OnboardingHeader step={step} />
      <OnboardingProgress step={step} />
      <Paper ref={stepRef} variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {step === 'search' && <NumberSearchStep />}
        {step === 'forward' && <ForwardingStep />}
        {step === 'signup' && <SignupStep />}
      </Paper>
    </Container>
  );
}
