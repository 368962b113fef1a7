import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectSetupErrorKind, selectSetupStatus } from '@/store/setupSlice';
import { CardPage } from '@/components/CardPage';
import { SetupErrorActions } from './SetupErrorActions';
import { SetupForwardingForm } from './SetupForwardingForm';
import { SetupNumberSelection } from './SetupNumberSelection';
import { SetupStatusDisplay } from './SetupStatusDisplay';
import { checkoutSetupRequested } from './setupThunks';

export const REDIRECT_DELAY_MS = 1500;

/** /checkout/redirect: after checkout, verify the trial and finish the business line (docs/onboarding.md). */
export default function CheckoutRedirectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useAppSelector(selectSetupStatus);
  const errorKind = useAppSelector(selectSetupErrorKind);

  useEffect(() => {
    void dispatch(checkoutSetupRequested());
  }, [dispatch]);

  const done = status === 'complete' || status === 'alreadySetUp';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <CardPage>
      {status === 'selectingNumber' && <SetupNumberSelection />}
      {status === 'enteringForwarding' && <SetupForwardingForm />}
      {status !== 'selectingNumber' && status !== 'enteringForwarding' && (
        <SetupStatusDisplay status={status === 'idle' ? 'verifying' : status} errorKind={errorKind} />
      )}
      {status === 'error' && <SetupErrorActions errorKind={errorKind} />}
    </CardPage>
  );
}
