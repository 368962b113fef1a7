import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectSetupErrorKind, selectSetupStatus } from './setupSlice';
import { CardPage } from '@/components/CardPage';
import { useFocusHeadingOnChange } from '@/lib/useFocusHeadingOnChange';
import { SetupErrorActions } from './SetupErrorActions';
import { SetupForwardingForm } from './SetupForwardingForm';
import { SetupNumberSelection } from './SetupNumberSelection';
import { SetupStatusDisplay } from './SetupStatusDisplay';
import { checkoutSetupRequested } from './setupThunks';
import { paths } from '@/config/paths';

export const REDIRECT_DELAY_MS = 1500;

/** /checkout/redirect: after checkout, verify the trial and finish the business line (docs/onboarding.md). */
export default function CheckoutRedirectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useAppSelector(selectSetupStatus);
  const errorKind = useAppSelector(selectSetupErrorKind);
  const shown = status === 'idle' ? 'verifying' : status;
  // Each step replaces the last (and the button that was pressed): focus moves to its heading.
  const stepRef = useFocusHeadingOnChange<HTMLDivElement>(shown);

  useEffect(() => {
    void dispatch(checkoutSetupRequested());
  }, [dispatch]);

  const done = status === 'complete' || status === 'alreadySetUp';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.dashboard, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <CardPage>
      <div ref={stepRef}>
        {shown === 'selectingNumber' && <SetupNumberSelection />}
        {shown === 'enteringForwarding' && <SetupForwardingForm />}
        {shown !== 'selectingNumber' && shown !== 'enteringForwarding' && (
          <SetupStatusDisplay status={shown} errorKind={errorKind} />
        )}
        {shown === 'error' && <SetupErrorActions errorKind={errorKind} />}
      </div>
    </CardPage>
  );
}
