import type { CallRecord } from '@contract/calls';
import { billingApi } from '@/store/api/billing';
import { callsApi, FIRST_CALL_PAGE } from '@/store/api/calls';
import { numbersApi } from '@/store/api/numbers';
import { tokensRefreshed } from '@/store/session';
import { createAppStore } from '@/store/store';

// Fictional 555-01xx numbers, as everywhere else in the repository.
const NUMBER = '+15125550100';
const CALLER = '+12125550142';
const DAY_S = 24 * 60 * 60;

type Kind = readonly [CallRecord['direction'], CallRecord['status'], number];
const call = (id: string, [direction, status, duration]: Kind) => ({
  id,
  direction,
  from_number: direction === 'inbound' ? CALLER : NUMBER,
  to_number: direction === 'inbound' ? NUMBER : CALLER,
  created_at: '2026-11-20T15:04:00.000Z',
  duration,
  status,
});

/**
 * A signed-in store holding (once it resolves) what a trialing subscriber's dashboard asks first
 * (src/app/prefetch.ts): the build renders the dashboard with it for its styles only
 * (src/prerender.tsx). The calls cover both directions, missed and busy calls.
 */
export async function signedInSample(now: Date) {
  const store = createAppStore();
  store.dispatch(tokensRefreshed({ accessToken: 'sample' }));
  const periodEnd = Math.floor(now.getTime() / 1000) + 10 * DAY_S;
  // A first page of ten, of three: the history shows its pages too.
  const kinds: Kind[] = [
    ['inbound', 'completed', 75],
    ['outbound', 'completed', 130],
    ['inbound', 'no-answer', 0],
    ['outbound', 'busy', 0],
  ];
  const calls = Array.from({ length: 10 }, (_, i) => call(`sample-${i}`, kinds[i % kinds.length]));
  await Promise.all([
    store.dispatch(
      billingApi.util.upsertQueryData('getSubscriptionStatus', undefined, {
        has_subscription: true,
        subscription: { status: 'trialing', current_period_end: periodEnd, cancel_at_period_end: false },
      }),
    ),
    store.dispatch(
      numbersApi.util.upsertQueryData('getPhoneNumber', undefined, {
        phone_number: { phone_number: NUMBER, forwarding_number: '+15125550199', announce_calls: false },
      }),
    ),
    store.dispatch(
      callsApi.util.upsertQueryData('getUsage', undefined, {
        period_start: '2026-11-01',
        period_end: '2026-11-30',
        minutes_used: 12,
        included_minutes: 100,
        overage_cents: 0,
        trial: { minutes_used: 12, minutes_limit: 300 },
      }),
    ),
    store.dispatch(
      callsApi.util.upsertQueryData('getCalls', FIRST_CALL_PAGE, {
        calls,
        metadata: { current_page: 1, total_pages: 3, total_items: 25, per_page: 10 },
      }),
    ),
  ]);
  return store;
}
