import Alert from '@mui/material/Alert';
import { formatDate } from '@/lib/dates';
import { PortalButton } from './PortalButton';

/** Above guarded content when the subscription is set to cancel at period end: the day the number stops working. */
export function CancelNotice({ periodEnd }: { periodEnd: number }) {
  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center' }}
      action={<PortalButton label="Resume" />}
    >
      Your subscription is cancelled. Your business number stops working on {formatDate(periodEnd)}.
    </Alert>
  );
}
