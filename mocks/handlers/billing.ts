import { db, isLive, newId } from '../db';
import { refuse, authRoute } from '../route';
import { billingEndpoints } from '../../contract/endpoints/billing';
import { trialEndingIn } from '../seed';
import { TRIAL_DAYS } from '../../rules/plan';
import { billingRefusals } from '../../contract/refusals/billing';

const YEAR_DAYS = 365;
// The mocks have no billing clock of their own: the account's billing time is the browser's.
const billingTime = () => Math.floor(Date.now() / 1000);

export const billingHandlers = [
  // No hosted checkout in the mocks: the url is the app's own return page, and the trial starts at once so
  // dev:mock can click from signup straight through to setup. One trial per customer: an account that had
  // a subscription pays its year at once. A live subscription is sent back to the return page, as the
  // server does, so a retry after a failed check picks the setup up again.
  authRoute(billingEndpoints.checkout, {
    handle: ({ userId }) => {
      const previous = db.subscriptions[userId];
      if (isLive(previous)) return { url: `${location.origin}/checkout/redirect` };
      db.subscriptions[userId] = previous
        ? { ...trialEndingIn(YEAR_DAYS), status: 'active' }
        : trialEndingIn(TRIAL_DAYS);
      return { url: `/checkout/redirect?session_id=${newId('mock_cs')}` };
    },
  }),

  // The hosted portal would return to settings; the mocks go there directly. It needs a billing customer,
  // i.e. a subscription in any state.
  authRoute(billingEndpoints.portal, {
    handle: ({ userId }) =>
      db.subscriptions[userId]
        ? { url: `/settings?portal_session=${newId('mock_bps')}` }
        : refuse(billingRefusals.noSubscription),
  }),

  // Usage emails (80 % and 100 % of the month's minutes, receipts): on unless switched off.
  authRoute(billingEndpoints.usageEmails, {
    handle: ({ userId }) => ({ enabled: db.usageEmails[userId] ?? true }),
  }),
  authRoute(billingEndpoints.setUsageEmails, {
    handle: ({ body, userId }) => {
      const { enabled } = body;
      db.usageEmails[userId] = enabled;
      return { enabled };
    },
  }),

  // The trial ends now and the year is paid (the mocks have no card to decline).
  authRoute(billingEndpoints.endTrial, {
    handle: ({ userId }) => {
      const subscription = db.subscriptions[userId];
      if (subscription?.status !== 'trialing') {
        return refuse(billingRefusals.notInTrial);
      }
      db.subscriptions[userId] = { ...trialEndingIn(YEAR_DAYS), status: 'active' };
      return { has_subscription: true, subscription: db.subscriptions[userId], billing_time: billingTime() };
    },
  }),

  authRoute(billingEndpoints.subscriptionStatus, {
    handle: ({ userId }) => {
      const subscription = db.subscriptions[userId] ?? null;
      return { has_subscription: isLive(subscription), subscription, billing_time: billingTime() };
    },
    empty: () => ({ has_subscription: false, subscription: null, billing_time: billingTime() }),
  }),
];
