import Alert from '@mui/material/Alert';
import { dollars, YEARLY_PRICE_CENTS } from '@rules/plan';
import { formatDate } from '@/lib/dates';
import { PortalButton } from './PortalButton';

// In a trial's last days the banner also says what is charged, and when.
const CHARGE_NOTICE_DAYS = 3;

/**
 * Above guarded content while a trial has days left (docs/product.md, "Subscription guard and trial
 * banner"): the spec's sentence, then in the last 3 days the charge to come, and the way to billing.
 */
export function TrialBanner({ days, trialEnd }: { days: number; trialEnd: number }) {
  // White on info.main is 3.85:1 (axe color-contrast); info.dark keeps AA.
  return (
    <Alert
      severity="info"
      variant="filled"
      sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center', bgcolor: 'info.dark' }}
      action={<PortalButton label="Billing" outlined />}
    >
      Your free trial ends in {days} {days === 1 ? 'day' : 'days'}
      {days <= CHARGE_NOTICE_DAYS &&
        `: ${dollars(YEARLY_PRICE_CENTS)} for the year will be charged on ${formatDate(trialEnd)}`}
    </Alert>
  );
}
