import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { config } from '@/config';
import { useAppDispatch } from '@/store/hooks';
import { forwardingRequired, type SetupErrorKind } from './setupSlice';
import { useStartCheckout } from './useStartCheckout';

/** "Try Again" and the support mail link under a setup error. */
export function SetupErrorActions({ errorKind }: { errorKind: SetupErrorKind | null }) {
  const dispatch = useAppDispatch();
  const { startCheckout, isStarting } = useStartCheckout('Failed to start checkout. Please try again.');
  // The subscription is in place when only forwarding failed: a new checkout would not help, entering the
  // forwarding number again does.
  const tryAgain =
    errorKind === 'forwarding' ? () => dispatch(forwardingRequired()) : () => void startCheckout();

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 4 }}>
      <Button variant="contained" size="large" onClick={tryAgain} disabled={isStarting}>
        Try Again
      </Button>
      <Button variant="outlined" size="large" href={`mailto:${config.supportEmail}`}>
        Need Help? Contact Support
      </Button>
    </Stack>
  );
}
