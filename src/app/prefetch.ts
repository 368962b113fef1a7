import { billingApi } from '@/features/billing/billingApi';
import { FIRST_CALL_PAGE, dashboardApi } from '@/features/dashboard/dashboardApi';
import { phoneApi } from '@/features/phone/phoneApi';
import type { AppDispatch } from '@/store/store';

// The same arguments the pages' hooks use, so the hooks find these requests in the cache.
export function prefetchSettings(dispatch: AppDispatch) {
  dispatch(billingApi.util.prefetch('getSubscriptionStatus', undefined, {}));
  dispatch(phoneApi.util.prefetch('getPhoneNumber', undefined, {}));
}

export function prefetchDashboard(dispatch: AppDispatch) {
  prefetchSettings(dispatch);
  dispatch(dashboardApi.util.prefetch('getUsage', undefined, {}));
  dispatch(dashboardApi.util.prefetch('getCalls', FIRST_CALL_PAGE, {}));
}
