import { billingApi } from '@/store/api/billing';
import { FIRST_CALL_PAGE, callsApi } from '@/store/api/calls';
import { numbersApi } from '@/store/api/numbers';
import type { AppDispatch } from '@/store/store';

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
