import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PORTAL_FAILED, useHostedBillingPage } from '@/store/useHostedBillingPage';

/** Above guarded content while a failed payment is being retried (status past_due): service goes on until retries end. */
export function PaymentFailedBanner() {
  const { open, isOpening } = useHostedBillingPage();
  return (
    <Alert
      severity="error"
      variant="filled"
      sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center', bgcolor: 'error.dark' }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={() => void open('portal', PORTAL_FAILED)}
          disabled={isOpening}
        >
          Update card
        </Button>
      }
    >
      Your last payment failed. Update your card to keep your number: we will try again in a few days.
    </Alert>
  );
}
