import toast from 'react-hot-toast';
import { api } from '@/store/api/base';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { flushPersistedState } from '@/store/persist';
import { sessionEnded } from '@/store/session';
import { selectRefreshToken } from '@/store/authSlice';
import { useLogoutMutation } from '@/store/api/auth';
import { paths } from '@/config/paths';

/**
 * Forgets this browser's session: the signed-out routes replace the page and open on `to`. Cached
 * subscription, number and calls belong to this user, and so do the onboarding choices; the next one must
 * not see them: the cache is reset once `pending` (a request still running) is done, because a reset aborts
 * running requests.
 */
export function useEndSession() {
  const dispatch = useAppDispatch();
  return (to: typeof paths.login | typeof paths.landing, pending: Promise<unknown> = Promise.resolve()) => {
    dispatch(sessionEnded({ to, signedOut: true }));
    void pending.finally(() => dispatch(api.util.resetApiState()));
    // Writes the cleared tokens to localStorage now, not on redux-persist's next tick.
    void flushPersistedState();
  };
}

/**
 * Sign Out (docs/product.md, "Accounts and sessions"): tell the server, forget the tokens, say so and
 * leave for `to` (/login, or / from the dashboard nav). Only signed-in pages offer it, so the signed-out
 * routes always replace the page and their catch-all takes the user to `to`.
 */
export function useSignOut(to: typeof paths.login | typeof paths.landing = paths.login) {
  const refreshToken = useAppSelector(selectRefreshToken);
  const [logout] = useLogoutMutation();
  const endSession = useEndSession();

  return () => {
    // Started first: the request reads its bearer header synchronously, before the tokens are cleared.
    // Its outcome does not matter, the session ends here either way. The refresh token goes too, so
    // the session ends on the server even when the access token has expired (none stored: the body is
    // empty, as the contract allows; a null would be refused).
    endSession(to, logout(refreshToken ? { refresh_token: refreshToken } : {}));
    toast.success('Logged out successfully');
  };
}
