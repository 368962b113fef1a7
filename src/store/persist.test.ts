import { waitFor } from '@testing-library/react';
import { testStore } from '@/test/lifecycle';
import { authApi } from './api/auth';
import { forwardingEntered, numberChosen } from './onboardingSlice';
import { sessionEnded } from './session';
import { whenRehydrated } from './persist';

const startStore = async () => {
  const { store, persistor } = testStore();
  await whenRehydrated(persistor);
  return { store, persistor };
};

test('slices persist to the product’s fixed localStorage keys, as raw strings', async () => {
  const { store, persistor } = await startStore();
  await store.dispatch(
    authApi.endpoints.login.initiate({ email: 'demo@forwardly.example', password: 'password123' }),
  );
  store.dispatch(numberChosen('+15125550111'));
  store.dispatch(forwardingEntered('+15125550199'));
  await persistor.flush();
  expect(localStorage.getItem('access_token')).toBe(store.getState().auth.accessToken);
  expect(localStorage.getItem('refresh_token')).toBe(store.getState().auth.refreshToken);
  expect(localStorage.getItem('onboardingStep')).toBe('signup');
  expect(localStorage.getItem('selectedNumber')).toBe('+15125550111');
  expect(localStorage.getItem('forwardingNumber')).toBe('+15125550199');
  expect(Object.keys(localStorage).some((key) => key.startsWith('persist:'))).toBe(false);
});

test('onboarding starts at step "search" with no number chosen', async () => {
  const { persistor } = await startStore();
  await persistor.flush();
  await waitFor(() => expect(localStorage.getItem('onboardingStep')).toBe('search'));
  expect(localStorage.getItem('selectedNumber')).toBe('');
});

test('a new store picks the session and onboarding back up from storage', async () => {
  localStorage.setItem('access_token', 'a1');
  localStorage.setItem('refresh_token', 'r1');
  localStorage.setItem('onboardingStep', 'forward');
  localStorage.setItem('selectedNumber', '+15125550111');
  const { store } = await startStore();
  expect(store.getState().auth).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
  expect(store.getState().onboarding).toMatchObject({ step: 'forward', selectedNumber: '+15125550111' });
});

test('ending the session removes both token keys', async () => {
  localStorage.setItem('access_token', 'a1');
  localStorage.setItem('refresh_token', 'r1');
  const { store, persistor } = await startStore();
  store.dispatch(sessionEnded());
  await persistor.flush();
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
});

// Another tab of the app: its write reaches this tab's storage at once, its storage event only later.
const otherTabWrites = (access: string, refresh: string) => {
  localStorage.setItem('access_token', access);
  localStorage.setItem('refresh_token', refresh);
};
const otherTabEvent = () =>
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: 'access_token',
      newValue: localStorage.getItem('access_token'),
      storageArea: localStorage,
    }),
  );

/** Once this tab's pending writes are done, storage still holds what the other tab wrote last, and so does the tab once told. */
const expectOtherTabsTokensKept = async (
  { store, persistor }: Awaited<ReturnType<typeof startStore>>,
  access: string,
  refresh: string,
) => {
  await persistor.flush();
  expect([localStorage.getItem('access_token'), localStorage.getItem('refresh_token')]).toEqual([
    access,
    refresh,
  ]);
  otherTabEvent();
  expect(store.getState().auth).toMatchObject({ accessToken: access, refreshToken: refresh });
};

test('a tab that has just read the tokens does not put them back over those another tab stored since', async () => {
  otherTabWrites('expired', 'r1');
  const started = await startStore();
  otherTabWrites('a2', 'r2');
  await expectOtherTabsTokensKept(started, 'a2', 'r2');
});

test('tokens taken up from another tab are not written back over newer ones', async () => {
  otherTabWrites('a1', 'r1');
  const started = await startStore();
  await started.persistor.flush();
  otherTabWrites('a2', 'r2');
  otherTabEvent();
  otherTabWrites('a3', 'r3');
  await expectOtherTabsTokensKept(started, 'a3', 'r3');
  // This tab's own change is still written.
  started.store.dispatch(sessionEnded());
  await started.persistor.flush();
  expect(localStorage.getItem('access_token')).toBeNull();
});
