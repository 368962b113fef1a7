import { forwardingToE164 } from '@/lib/phone';
import { useAppDispatch } from '@/store/hooks';
import { ForwardingForm } from '@/components/ForwardingForm';
import { forwardingEntered } from '@/store/onboardingSlice';
import { StepBackLink } from './StepBackLink';

/** Step 2 ("forward"): where calls to the chosen number should ring. */
export function ForwardingStep() {
  const dispatch = useAppDispatch();
  return (
    <ForwardingForm onComplete={(value) => dispatch(forwardingEntered(forwardingToE164(value)))}>
      <StepBackLink />
    </ForwardingForm>
  );
}
