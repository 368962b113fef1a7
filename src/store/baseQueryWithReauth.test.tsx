import { waitFor } from '@testing-library/react';
import { expireAccessTokens } from '@mocks/tokens';
import { failNext, holdResponses } from '@mocks/control';
import { requestsTo } from '@mocks/log';
import { browser } from '@/lib/browser';
import { testStore } from '@/test/lifecycle';
import { signIn } from '@/test/signIn';
import { authApi } from './api/auth';
import { billingApi } from './api/billing';
import { refreshAfter401 } from './baseQueryWithReauth';
import { whenRehydrated } from './persist';

const startStore = async () => {
  const { store, persistor } = testStore();
  await whenRehydrated(persistor);
  return store;
};

const statusQuery = (store: Awaited<ReturnType<typeof startStore>>) =>
  store.dispatch(billingApi.endpoints.getSubscriptionStatus.initiate(undefined, { forceRefetch: true }));

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

test('every request carries the stored access token as bearer', async () => {
  const { access_token } = signIn();
  const store = await startStore();
  await statusQuery(store);
  const [request] = requestsTo('GET /billing/subscription-status');
  expect(request.authorization).toBe(`Bearer ${access_token}`);
});

test('a 401 refreshes the access token once, with the refresh token as bearer, and retries', async () => {
  const { refresh_token } = signIn();
  const store = await startStore();
  expireAccessTokens();
  const result = await statusQuery(store);
  expect(result.data?.has_subscription).toBe(true);
  const refreshes = requestsTo('POST /auth/refresh');
  expect(refreshes).toHaveLength(1);
  expect(refreshes[0].authorization).toBe(`Bearer ${refresh_token}`);
  expect(requestsTo('GET /billing/subscription-status')).toHaveLength(2);
  await waitFor(() => expect(localStorage.getItem('access_token')).toBe(store.getState().auth.accessToken));
  expect(localStorage.getItem('access_token')).not.toBeNull();
  // The refresh token rotates: the next one is kept under the same key.
  expect(localStorage.getItem('refresh_token')).toBe(store.getState().auth.refreshToken);
  expect(localStorage.getItem('refresh_token')).not.toBe(refresh_token);
});

test('tokens another tab wrote are taken up, and its sign-out signs this tab out', async () => {
  signIn();
  const store = await startStore();
  const otherTab = (key: string, value: string | null) => {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
  };
  otherTab('refresh_token', 'mock-refresh.rotated');
  otherTab('access_token', 'mock-access.rotated');
  expect(store.getState().auth).toMatchObject({
    accessToken: 'mock-access.rotated',
    refreshToken: 'mock-refresh.rotated',
  });
  otherTab('access_token', null);
  expect(store.getState().auth.accessToken).toBeNull();
});

test('two concurrent 401s share a single refresh', async () => {
  signIn();
  const store = await startStore();
  expireAccessTokens();
  const [first, second] = await Promise.all([
    statusQuery(store),
    store.dispatch(billingApi.endpoints.createPortalSession.initiate()),
  ]);
  expect(first.data?.has_subscription).toBe(true);
  expect(second.data?.url).toBeTruthy();
  expect(requestsTo('POST /auth/refresh')).toHaveLength(1);
});

test('a request answered 401 after another one refreshed the session retries with the new token, no second refresh', async () => {
  signIn();
  const store = await startStore();
  expireAccessTokens();
  const release = holdResponses('GET /billing/subscription-status');
  const held = statusQuery(store);
  await waitFor(() => expect(requestsTo('GET /billing/subscription-status')).toHaveLength(1));
  const other = await store.dispatch(billingApi.endpoints.createPortalSession.initiate());
  expect(other.data?.url).toBeTruthy();
  release();
  expect((await held).data?.has_subscription).toBe(true);
  expect(requestsTo('POST /auth/refresh')).toHaveLength(1);
  const retry = requestsTo('GET /billing/subscription-status')[1];
  expect(retry.authorization).toBe(`Bearer ${store.getState().auth.accessToken}`);
});

test('a request made while a refresh is under way waits for it and is sent once, with the new token', async () => {
  signIn();
  const store = await startStore();
  expireAccessTokens();
  const release = holdResponses('POST /auth/refresh');
  const first = statusQuery(store);
  await waitFor(() => expect(requestsTo('POST /auth/refresh')).toHaveLength(1));
  const second = store.dispatch(billingApi.endpoints.createPortalSession.initiate());
  release();
  await Promise.all([first, second]);
  const portal = requestsTo('POST /billing/create-portal-session');
  expect(portal).toHaveLength(1);
  expect(portal[0].authorization).toBe(`Bearer ${store.getState().auth.accessToken}`);
});

test('a retried request answered 401 again goes to the caller: the session is refreshed once, not in a loop', async () => {
  signIn();
  const store = await startStore();
  failNext('POST /billing/create-portal-session', 401);
  failNext('POST /billing/create-portal-session', 401);
  const result = await store.dispatch(billingApi.endpoints.createPortalSession.initiate());
  expect(result.error).toMatchObject({ status: 401 });
  expect(requestsTo('POST /auth/refresh')).toHaveLength(1);
  expect(requestsTo('POST /billing/create-portal-session')).toHaveLength(2);
});

test('a failed refresh removes both tokens and redirects the whole page to /login', async () => {
  signIn();
  const store = await startStore();
  expireAccessTokens();
  failNext('POST /auth/refresh', 401);
  const result = await store.dispatch(billingApi.endpoints.createPortalSession.initiate());
  expect(result.error).toEqual({ status: 'CUSTOM_ERROR', error: 'Session expired' });
  expect(assign).toHaveBeenCalledWith('/login');
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
});

test('a failed refresh keeps the onboarding choices: that user signs in again to finish setting up', async () => {
  localStorage.setItem('onboardingStep', 'signup');
  localStorage.setItem('selectedNumber', '+15125550103');
  localStorage.setItem('forwardingNumber', '+15125550199');
  signIn();
  const store = await startStore();
  expireAccessTokens();
  failNext('POST /auth/refresh', 401);
  await statusQuery(store);
  expect(assign).toHaveBeenCalledWith('/login');
  expect(store.getState().onboarding).toMatchObject({
    step: 'signup',
    selectedNumber: '+15125550103',
    forwardingNumber: '+15125550199',
  });
  expect(localStorage.getItem('selectedNumber')).toBe('+15125550103');
  expect(localStorage.getItem('forwardingNumber')).toBe('+15125550199');
});

test('requests held by the same failed refresh leave for /login once', async () => {
  signIn();
  const store = await startStore();
  expireAccessTokens();
  failNext('POST /auth/refresh', 401);
  const results = await Promise.all([
    statusQuery(store),
    store.dispatch(billingApi.endpoints.createPortalSession.initiate()),
    store.dispatch(billingApi.endpoints.createCheckoutSession.initiate()),
  ]);
  expect(results.every((result) => 'error' in result && result.error)).toBe(true);
  expect(assign).toHaveBeenCalledTimes(1);
  // A request after the session ended, with no token left, does not leave again.
  await statusQuery(store);
  expect(assign).toHaveBeenCalledTimes(1);
});

test('without a refresh token the session ends with "No refresh token available"', async () => {
  localStorage.setItem('access_token', 'stale-token');
  const store = await startStore();
  const result = await statusQuery(store);
  expect(result.error).toEqual({ status: 'CUSTOM_ERROR', error: 'No refresh token available' });
  expect(requestsTo('POST /auth/refresh')).toHaveLength(0);
  expect(assign).toHaveBeenCalledWith('/login');
  expect(localStorage.getItem('access_token')).toBeNull();
});

test('a 401 on login goes to the caller without a refresh', async () => {
  signIn();
  const store = await startStore();
  const result = await store.dispatch(
    authApi.endpoints.login.initiate({ email: 'demo@forwardly.example', password: 'wrong-password' }),
  );
  expect(result.error).toMatchObject({ status: 401 });
  expect(requestsTo('POST /auth/refresh')).toHaveLength(0);
  expect(assign).not.toHaveBeenCalled();
});

test('a 401 on sign-out goes to the caller without a refresh: the session is ending anyway', async () => {
  signIn();
  const store = await startStore();
  failNext('POST /auth/logout', 401);
  const result = await store.dispatch(authApi.endpoints.logout.initiate({}));
  expect(result.error).toMatchObject({ status: 401 });
  expect(requestsTo('POST /auth/refresh')).toHaveLength(0);
});

test('an error other than 401 goes to the caller without a refresh', async () => {
  signIn();
  const store = await startStore();
  failNext('POST /billing/create-portal-session', 500);
  const result = await store.dispatch(billingApi.endpoints.createPortalSession.initiate());
  expect(result.error).toMatchObject({ status: 500 });
  expect(requestsTo('POST /auth/refresh')).toHaveLength(0);
  expect(requestsTo('POST /billing/create-portal-session')).toHaveLength(1);
});

describe('refreshAfter401, for the live history stream read outside RTK Query', () => {
  test('refreshes once with the refresh token and says there is a new access token', async () => {
    const { access_token, refresh_token } = signIn();
    const store = await startStore();
    expireAccessTokens();
    expect(await refreshAfter401(store, access_token)).toBe(true);
    const refreshes = requestsTo('POST /auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].authorization).toBe(`Bearer ${refresh_token}`);
    expect(store.getState().auth.accessToken).toEqual(expect.stringMatching(/^mock-access\./));
    expect(store.getState().auth.accessToken).not.toBe(access_token);
    expect(assign).not.toHaveBeenCalled();
  });

  test('after a token refreshed since the stream was opened, asks no refresh', async () => {
    signIn();
    const store = await startStore();
    expect(await refreshAfter401(store, 'the-token-sent-before')).toBe(true);
    expect(requestsTo('POST /auth/refresh')).toHaveLength(0);
  });

  test('shares the refresh a request already started', async () => {
    const { access_token } = signIn();
    const store = await startStore();
    expireAccessTokens();
    const release = holdResponses('POST /auth/refresh');
    const request = statusQuery(store);
    await waitFor(() => expect(requestsTo('POST /auth/refresh')).toHaveLength(1));
    const stream = refreshAfter401(store, access_token);
    release();
    expect(await stream).toBe(true);
    expect((await request).data?.has_subscription).toBe(true);
    expect(requestsTo('POST /auth/refresh')).toHaveLength(1);
  });

  test('a refresh that fails ends the session: false, tokens gone, the page leaves for /login', async () => {
    const { access_token } = signIn();
    const store = await startStore();
    expireAccessTokens();
    failNext('POST /auth/refresh', 401);
    expect(await refreshAfter401(store, access_token)).toBe(false);
    expect(assign).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  test('without a refresh token it ends the session without asking', async () => {
    localStorage.setItem('access_token', 'stale-token');
    const store = await startStore();
    expect(await refreshAfter401(store, 'stale-token')).toBe(false);
    expect(requestsTo('POST /auth/refresh')).toHaveLength(0);
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
