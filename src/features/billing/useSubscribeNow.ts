import type { SubscriptionStatus } from '@contract/billing';
import { CHECKOUT_START_FAILED, PORTAL_FAILED, useHostedBillingPage } from '@/hooks/useHostedBillingPage';

// A subscription that still exists but waits for a payment is fixed in the portal (a new checkout would
// start a second subscription); with none, or a cancelled one, the user subscribes again through checkout.
// (past_due keeps service, so it never reaches this screen: its banner links to the portal.)
const FIXED_IN_PORTAL = new Set(['unpaid', 'incomplete']);

/** "Subscribe Now": the hosted billing page that lets this subscriber pay again. */
export function useSubscribeNow(subscription: SubscriptionStatus['subscription']) {
  const { open, isOpening } = useHostedBillingPage();
  const subscribe = () =>
    FIXED_IN_PORTAL.has(subscription?.status ?? '')
      ? open('portal', PORTAL_FAILED)
      : open('checkout', CHECKOUT_START_FAILED);
  return { subscribe, isStarting: isOpening };
}
