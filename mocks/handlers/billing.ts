import { HttpResponse } from 'msw';
import { db, isLive, newId } from '../db';
import { authRoute } from '../route';
import { trialEndingIn } from '../seed';

const TRIAL_DAYS = 14;

export const billingHandlers = [
  // No hosted checkout in the mocks: the url is the app's own return page, and the trial starts at once so
  // dev:mock can click from signup straight through to setup.
  authRoute('POST /billing/create-checkout-session', {
    handle: ({ userId }) => {
      if (!isLive(db.subscriptions[userId])) db.subscriptions[userId] = trialEndingIn(TRIAL_DAYS);
      return HttpResponse.json({ url: `/checkout/redirect?session_id=${newId('mock_cs')}` });
    },
  }),

  // The hosted portal would return to settings; the mocks go there directly.
  authRoute('POST /billing/create-portal-session', {
    handle: () => HttpResponse.json({ url: `/settings?portal_session=${newId('mock_bps')}` }),
  }),

  authRoute('GET /billing/subscription-status', {
    handle: ({ userId }) => {
      const subscription = db.subscriptions[userId] ?? null;
      return HttpResponse.json({ has_subscription: isLive(subscription), subscription });
    },
    empty: () => HttpResponse.json({ has_subscription: false, subscription: null }),
  }),
];
