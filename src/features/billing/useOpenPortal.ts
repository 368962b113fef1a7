import toast from 'react-hot-toast';
import { browser } from '@/lib/browser';
import { useCreatePortalSessionMutation } from './billingApi';

/** Opens the payment provider's customer portal with a full-page redirect (spec §7). */
export function useOpenPortal() {
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
  return { openPortal, isOpening: isLoading };
}
