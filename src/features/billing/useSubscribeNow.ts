import toast from 'react-hot-toast';
import { browser } from '@/lib/browser';
import {
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
  type SubscriptionStatus,
} from './billingApi';

// A subscription that still exists but waits for a payment is fixed in the portal (a new checkout would
// start a second subscription); with none, or a cancelled one, the user subscribes again through checkout.
// (past_due keeps service, so it never reaches this screen: its banner links to the portal.)
const FIXED_IN_PORTAL = new Set(['unpaid', 'incomplete']);

/** "Subscribe Now": a full-page redirect to the hosted billing page. */
export function useSubscribeNow(subscription: SubscriptionStatus['subscription']) {
  const [createCheckout, checkout] = useCreateCheckoutSessionMutation();
  const [createPortal, portal] = useCreatePortalSessionMutation();
  const usePortal = FIXED_IN_PORTAL.has(subscription?.status ?? '');
  const failure = usePortal
    ? 'Failed to access billing portal'
    : 'Failed to start checkout. Please try again.';

  const subscribe = async () => {
    try {
      const { url } = await (usePortal ? createPortal() : createCheckout()).unwrap();
      if (!url) throw new Error('No billing url');
      browser.assign(url);
    } catch {
      toast.error(failure);
    }
  };

  return { subscribe, isStarting: checkout.isLoading || portal.isLoading };
}
