import type { ReactNode } from 'react';
import { daysLeft } from '@/lib/dates';
import { useGetSubscriptionStatusQuery } from './billingApi';
import { SubscriptionRequired } from './SubscriptionRequired';
import { TrialBanner } from './TrialBanner';

/**
 * Spec §4 Subscription guard: the content shows while checking; a failed check counts as no
 * subscription; a trial with days left gets the banner above the content.
 */
export default function SubscriptionGuard({ children }: { children: ReactNode }) {
  const { data, isError } = useGetSubscriptionStatusQuery();

  if (isError || data?.has_subscription === false) {
    return <SubscriptionRequired subscription={data?.subscription ?? null} />;
  }
  const trialDays =
    data?.subscription?.status === 'trialing' ? daysLeft(data.subscription.current_period_end) : 0;
  return (
    <>
      {trialDays > 0 && <TrialBanner days={trialDays} />}
      {children}
    </>
  );
}
