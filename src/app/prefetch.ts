import { billingApi } from '@/store/api/billing';
import { FIRST_CALL_PAGE, callsApi } from '@/store/api/calls';
import { numbersApi } from '@/store/api/numbers';
import { selectIsSignedIn } from '@/store/authSlice';
import type { AppDispatch, AppStore } from '@/store/store';

// The same arguments the pages' hooks use, so the hooks find these requests in the cache.
export function prefetchSettings(dispatch: AppDispatch) {
  dispatch(billingApi.util.prefetch('getSubscriptionStatus', undefined, {}));
  dispatch(numbersApi.util.prefetch('getPhoneNumber', undefined, {}));
}

export function prefetchDashboard(dispatch: AppDispatch) {
  prefetchSettings(dispatch);
  dispatch(callsApi.util.prefetch('getUsage', undefined, {}));
  dispatch(callsApi.util.prefetch('getCalls', FIRST_CALL_PAGE, {}));
}

/** What each signed-in page asks first, by path: its route starts it, and so does a first visit. */
export const prefetchFor = { '/dashboard': prefetchDashboard, '/settings': prefetchSettings } as const;

/**
 * A signed-in first visit starts its page's requests before the app first renders: then they land in
 * the store before any component reads it, instead of in the page's first commit (RTK Query's
 * dispatches, and the synchronous re-render of whatever had subscribed).
 */
export function prefetchFirstVisit(store: AppStore, path: string) {
  if (!selectIsSignedIn(store.getState()) || !(path in prefetchFor)) return;
  prefetchFor[path as keyof typeof prefetchFor](store.dispatch);
}
