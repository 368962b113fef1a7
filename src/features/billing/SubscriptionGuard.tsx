import type { ReactNode } from 'react';
import { daysLeft } from '@rules/days';
import { AppHeader } from '@/components/AppHeader';
import { LegalDialogHost } from '@/components/LegalDialogHost';
import { useGetSubscriptionStatusQuery } from '@/store/api/billing';
import { CancelNotice } from './CancelNotice';
import { PaymentFailedBanner } from './PaymentFailedBanner';
import { SubscriptionRequired } from './SubscriptionRequired';
import { TrialBanner } from './TrialBanner';

/**
 * The content shows while checking; a failed check counts as no subscription; a trial with days left
 * gets the banner above the content. Also: a failed payment being retried, and a subscription set to
 * cancel, each say so above the content (docs/product.md, "Subscription guard and trial banner").
 * One banner at a time, the most pressing: a failed payment, then a cancellation (a cancelled trial
 * says it stops, not that it ends in so many days), then the trial's days.
 * The guard is the frame of the signed-in pages, so the app header above all of it is drawn here too,
 * and the legal text that a link on the page asks for (components/LegalLink.tsx).
 */
export default function SubscriptionGuard({ children }: { children: ReactNode }) {
  // (A check that fails is asked once more before it fails: store/api/billing.ts.)
  const { data, isError } = useGetSubscriptionStatusQuery();

  if (isError || data?.has_subscription === false) {
    return (
      <>
        <AppHeader accountActions={false} />
        <SubscriptionRequired subscription={data?.subscription ?? null} />
        <LegalDialogHost />
      </>
    );
  }
  const subscription = data?.subscription;
  // A period's end may be unknown yet (null): then there is no count of days nor end date to show.
  const periodEnd = subscription?.current_period_end ?? null;
  // Counted on the account's billing clock, not the browser's (a sandbox or test clock moves it).
  const trialDays =
    data && subscription?.status === 'trialing' && periodEnd !== null
      ? daysLeft(periodEnd, data.billing_time)
      : 0;
  const banner =
    subscription?.status === 'past_due' ? (
      <PaymentFailedBanner />
    ) : subscription?.cancel_at_period_end && periodEnd !== null ? (
      <CancelNotice periodEnd={periodEnd} />
    ) : trialDays > 0 ? (
      <TrialBanner days={trialDays} trialEnd={periodEnd!} />
    ) : null;
  return (
    <>
      <AppHeader />
      {banner}
      {children}
      <LegalDialogHost />
    </>
  );
}
