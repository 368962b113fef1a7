import type { Dispatch } from '@reduxjs/toolkit';
import { readStored, storageKeys } from './persist';
import { sessionEnded, tokensRefreshed } from './session';
import { paths } from '@/config/paths';

const { accessToken: ACCESS, refreshToken: REFRESH } = storageKeys.auth;

/**
 * Keeps this tab's tokens in step with the other tabs of the app: refresh tokens rotate, so a tab
 * still holding the one another tab spent would end the session at its next refresh. Sign-out in
 * one tab signs out every tab. Answers the function that stops listening.
 */
export function syncTokensAcrossTabs(dispatch: Dispatch): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || (event.key !== ACCESS && event.key !== REFRESH)) return;
    // Read now, not from the event: storage may have moved on since, and what is read here is what
    // this tab will not write back.
    const accessToken = readStored(ACCESS);
    const refreshToken = readStored(REFRESH);
    if (!accessToken) {
      if (event.key === ACCESS) dispatch(sessionEnded({ to: paths.login }));
      return;
    }
    dispatch(tokensRefreshed({ accessToken, refreshToken: refreshToken ?? undefined }));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
