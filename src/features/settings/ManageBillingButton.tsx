import Button from '@mui/material/Button';
import { PORTAL_FAILED, useHostedBillingPage } from '@/hooks/useHostedBillingPage';

/** Opens the payment provider's customer portal with a full-page redirect (docs/product.md, "Settings"). */
export function ManageBillingButton() {
  const { open, isOpening } = useHostedBillingPage();
  return (
    <Button variant="contained" onClick={() => void open('portal', PORTAL_FAILED)} disabled={isOpening}>
      Manage Billing
    </Button>
  );
}
