import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '@/store/api/base';
import { billingApi } from '@/store/api/billing';
import { FIRST_CALL_PAGE, callsApi } from '@/store/api/calls';
import { numbersApi } from '@/store/api/numbers';
import { selectIsSignedIn } from '@/store/authSlice';
import type { AppDispatch, AppStore, RootState } from '@/store/store';
import { paths } from '@/config/paths';

type Prefetch = ThunkAction<unknown, RootState, unknown, UnknownAction>;

interface Endpoint<Arg> {
  select: (arg: Arg) => (state: RootState) => { status: string; fulfilledTimeStamp?: number };
  initiate: (arg: Arg, options: { forceRefetch: false; subscribe: false }) => Prefetch;
}

/**
 * RTK Query's prefetch (`util.prefetch` with no options), started only when RTK Query would start it: not
 * on its way, never answered (its own condition). RTK Query refuses the others, but only after
 * dispatching the refusal (a rejected action through every reducer): a first visit's page, whose
 * requests started before the first render, paid four as its route mounted.
 */
function prefetchOf<Arg>(endpoint: Endpoint<Arg>, arg: Arg): Prefetch {
  const entry = endpoint.select(arg);
  return (dispatch, getState) => {
    const { status, fulfilledTimeStamp } = entry(getState());
    if (status !== 'pending' && fulfilledTimeStamp === undefined)
      dispatch(endpoint.initiate(arg, { forceRefetch: false, subscribe: false }));
  };
}

// The same arguments the pages' hooks use, so the hooks find these requests in the cache.
const subscriptionStatus = prefetchOf(billingApi.endpoints.getSubscriptionStatus, undefined);
const phoneNumber = prefetchOf(numbersApi.endpoints.getPhoneNumber, undefined);
const usage = prefetchOf(callsApi.endpoints.getUsage, undefined);
const firstCallPage = prefetchOf(callsApi.endpoints.getCalls, FIRST_CALL_PAGE);

function prefetchSettings(dispatch: AppDispatch) {
  dispatch(subscriptionStatus);
  dispatch(phoneNumber);
}

export function prefetchDashboard(dispatch: AppDispatch) {
  prefetchSettings(dispatch);
  dispatch(usage);
  dispatch(firstCallPage);
}

/** What each signed-in page asks first, by path: its route starts it, and so does a first visit. */
export const prefetchFor = {
  [paths.dashboard]: prefetchDashboard,
  [paths.settings]: prefetchSettings,
} as const;

/**
 * A signed-in first visit starts its page's requests before the app first renders: then they land in
 * the store before any component reads it, instead of in the page's first commit (RTK Query's
 * dispatches, and the synchronous re-render of whatever had subscribed).
 */
export function prefetchFirstVisit(store: AppStore, path: string) {
  if (!selectIsSignedIn(store.getState()) || !(path in prefetchFor)) return;
  prefetchFor[path as keyof typeof prefetchFor](store.dispatch);
}

/**
 * Resolves once the requests now running (a first visit's) have answered, or after `waitMs`. The first
 * render waits for them: an answer landing in the store during React's time-sliced render makes React
 * render the whole page again at once (useSyncExternalStore keeps screen and store consistent), in one
 * long task. On a first visit to the dashboard the answers were asked by the page's inline script, so
 * this is usually no wait at all; a slow API holds the app back by at most `waitMs`.
 */
export function runningRequestsAnswered(store: AppStore, waitMs: number): Promise<unknown> {
  const running = Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  return Promise.race([running, new Promise((resolve) => setTimeout(resolve, waitMs))]);
}
