import { api } from '@/store/api/base';
import { useAppDispatch } from '@/store/hooks';

// The provider records a new call a moment after it starts, so the history refreshes 2 s later
// (docs/product.md, "Calls").
const HISTORY_REFRESH_MS = 2000;

/** Refetches the call history and usage shortly after a call starts. */
export function useRefreshHistorySoon() {
  const dispatch = useAppDispatch();
  return () => {
    // Not cancelled on unmount: a refetch on return to the dashboard is still wanted.
    setTimeout(() => {
      dispatch(api.util.invalidateTags([{ type: 'Call', id: 'LIST' }, 'Usage']));
    }, HISTORY_REFRESH_MS);
  };
}
