import Button from '@mui/material/Button';
import toast from 'react-hot-toast';
import { useCreatePortalSessionMutation } from '@/features/billing/billingApi';
import { browser } from '@/lib/browser';

/** Opens the payment provider's customer portal with a full-page redirect (spec §7). */
export function ManageBillingButton() {
  const [createPortalSession, { isLoading }] = useCreatePortalSessionMutation();

  const openPortal = async () => {
    try {
      const { url } = await createPortalSession().unwrap();
      if (!url) throw new Error('No portal url');
      browser.assign(url);
    } catch {
      toast.error('Failed to access billing portal');
    }
  };

  return (
    <Button variant="contained" onClick={openPortal} disabled={isLoading}>
      Manage Billing
    </Button>
  );
}
