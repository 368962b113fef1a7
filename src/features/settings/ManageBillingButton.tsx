import Button from '@mui/material/Button';
import { useOpenPortal } from '@/features/billing/useOpenPortal';

/** Opens the payment provider's customer portal with a full-page redirect (spec §7). */
export function ManageBillingButton() {
  const { openPortal, isOpening } = useOpenPortal();
  return (
    <Button variant="contained" onClick={openPortal} disabled={isOpening}>
      Manage Billing
    </Button>
  );
}
