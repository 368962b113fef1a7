import toast from 'react-hot-toast';
import { useCreateCheckoutSessionMutation } from '@/features/billing/billingApi';
import { browser } from '@/lib/browser';

// One cache key for every place that starts checkout, so a page reached while a checkout session is being
// created (the trial page, right after signup) shows it as busy too.
const CHECKOUT_KEY = 'startCheckout';

/** Creates a checkout session and sends the browser to the hosted checkout; toasts `failureMessage` if not. */
export function useStartCheckout(failureMessage: string) {
  const [createCheckoutSession, { isLoading }] = useCreateCheckoutSessionMutation({
    fixedCacheKey: CHECKOUT_KEY,
  });

  const startCheckout = async () => {
    try {
      const { url } = await createCheckoutSession().unwrap();
      browser.assign(url);
    } catch {
      toast.error(failureMessage);
    }
  };

  return { startCheckout, isStarting: isLoading };
}
