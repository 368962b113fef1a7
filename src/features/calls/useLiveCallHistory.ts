import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { config } from '@/config';
import { api } from '@/store/api/base';
import { refreshAfter401 } from '@/store/baseQueryWithReauth';
import { useAppSelector } from '@/store/hooks';
import type { AppStore } from '@/store/store';
import { followCallEvents } from './followCallEvents';

const reloadHistory = (store: AppStore) =>
  store.dispatch(api.util.invalidateTags([{ type: 'Call', id: 'LIST' }]));

/**
 * While the history is open, signed in and the page shown, a call recorded or changed reloads it
 * (docs/telephony.md, "Live history"): one stream per open history, closed when the page hides (and
 * the history reloaded when it shows again) or the session ends.
 */
export function useLiveCallHistory() {
  const store = useStore() as AppStore;
  const signedIn = useAppSelector((state) => Boolean(state.auth.accessToken));
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    const start = () => {
      stop ??= followCallEvents({
        url: new URL(`${config.apiBaseUrl}/dashboard/call-events`, location.origin).href,
        accessToken: () => store.getState().auth.accessToken,
        refresh: (sent) => refreshAfter401(store, sent),
        onChange: () => reloadHistory(store),
      });
    };
    const pause = () => {
      stop?.();
      stop = undefined;
    };
    const onVisibility = () => {
      if (document.hidden) return pause();
      // Calls may have changed while it was hidden.
      reloadHistory(store);
      start();
    };
    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      pause();
    };
  }, [signedIn, store]);
}
