import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { config } from '@/config';
import { CHECKOUT_START_FAILED, useHostedBillingPage } from '@/hooks/useHostedBillingPage';
import { useAppDispatch } from '@/store/hooks';
import { forwardingRequired, type SetupErrorKind } from './setupSlice';
import { checkoutSetupRequested } from './setupThunks';

/** "Try Again" and the support mail link under a setup error. */
export function SetupErrorActions({ errorKind }: { errorKind: SetupErrorKind | null }) {
  const dispatch = useAppDispatch();
  const { open, isOpening } = useHostedBillingPage();
  // Try Again retries what failed. Only a missing subscription needs a new checkout; past that point the
  // subscription is in place, and a second checkout would be refused.
  const tryAgain = () => {
    if (errorKind === 'forwarding') dispatch(forwardingRequired());
    else if (errorKind === 'general') void dispatch(checkoutSetupRequested());
    else void open('checkout', CHECKOUT_START_FAILED);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 4 }}>
      <Button variant="contained" size="large" onClick={tryAgain} disabled={isOpening}>
        Try Again
      </Button>
      <Button variant="outlined" size="large" href={`mailto:${config.supportEmail}`}>
        Need Help? Contact Support
      </Button>
    </Stack>
  );
}
