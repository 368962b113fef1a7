import toast from 'react-hot-toast';
import { api } from '@/store/api';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { flushPersistedState } from '@/store/persist';
import { sessionEnded } from '@/store/session';
import { selectRefreshToken } from './authSlice';
import { useLogoutMutation } from './authApi';

/**
 * Sign Out (spec §4 Session): tell the server, forget the tokens, say so and leave for `to`
 * (/login, or / from the dashboard nav). Only signed-in pages offer it, so the signed-out routes always
 * replace the page and their catch-all takes the user to `to`.
 */
export function useSignOut(to: '/login' | '/' = '/login') {
  const dispatch = useAppDispatch();
  const refreshToken = useAppSelector(selectRefreshToken);
  const [logout] = useLogoutMutation();

  return () => {
    // Started first: the request reads its bearer header synchronously, before the tokens are cleared.
    // Its outcome does not matter, the session ends here either way.
    const request = logout({ refresh_token: refreshToken });
    // The signed-out routes replace this signed-in page and open on `to`.
    dispatch(sessionEnded({ to }));
    // Cached subscription, number and calls belong to this user; the next one must not see them. Reset
    // only once the logout call is done, because a reset aborts running requests.
    void request.finally(() => dispatch(api.util.resetApiState()));
    // Writes the cleared tokens to localStorage now, not on redux-persist's next tick.
    void flushPersistedState();
    toast.success('Logged out successfully');
  };
}
