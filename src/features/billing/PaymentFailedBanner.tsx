import Alert from '@mui/material/Alert';
import { PortalButton } from './PortalButton';

/** Above guarded content while a failed payment is being retried (status past_due): service goes on until retries end. */
export function PaymentFailedBanner() {
  return (
    <Alert
      severity="error"
      variant="filled"
      sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center', bgcolor: 'error.dark' }}
      action={<PortalButton label="Update card" outlined />}
    >
      Your last payment failed. Update your card to keep your number: we will try again in a few days.
    </Alert>
  );
}
