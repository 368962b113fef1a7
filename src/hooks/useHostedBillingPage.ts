import toast from 'react-hot-toast';
import { browser } from '@/lib/browser';
import { useCreateCheckoutSessionMutation, useCreatePortalSessionMutation } from '@/store/api/billing';

/** The provider's hosted pages: checkout (subscribing) and the customer portal (card, invoices, cancel). */
type HostedBillingPage = 'checkout' | 'portal';

export const PORTAL_FAILED = 'Failed to access billing portal';
export const CHECKOUT_START_FAILED = 'Failed to start checkout. Please try again.';

// One cache key for every place that starts checkout, so a page reached while a checkout session is being
// created (the trial page, right after signup) shows it as busy too.
const CHECKOUT_KEY = 'startCheckout';

/**
 * Sends the browser to a hosted billing page with a full-page redirect. The page's session is
 * created first; when that fails the user stays where they are and `failure` is shown.
 */
export function useHostedBillingPage() {
  const [createCheckout, checkout] = useCreateCheckoutSessionMutation({ fixedCacheKey: CHECKOUT_KEY });
  const [createPortal, portal] = useCreatePortalSessionMutation();
  const open = async (page: HostedBillingPage, failure: string) => {
    try {
      const { url } = await (page === 'portal' ? createPortal() : createCheckout()).unwrap();
      if (!url) throw new Error(`No ${page} url`);
      browser.assign(url);
    } catch {
      toast.error(failure);
    }
  };
  return { open, isOpening: checkout.isLoading || portal.isLoading };
}
