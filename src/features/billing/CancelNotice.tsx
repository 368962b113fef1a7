import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatDate } from '@/lib/dates';
import { PORTAL_FAILED, useHostedBillingPage } from '@/store/useHostedBillingPage';

/** Above guarded content when the subscription is set to cancel at period end: the day the number stops working. */
export function CancelNotice({ periodEnd }: { periodEnd: number }) {
  const { open, isOpening } = useHostedBillingPage();
  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => void open('portal', PORTAL_FAILED)}
          disabled={isOpening}
        >
          Resume
        </Button>
      }
    >
      Your subscription is cancelled. Your business number stops working on {formatDate(periodEnd)}.
    </Alert>
  );
}
