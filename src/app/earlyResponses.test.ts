import { QueryStatus } from '@reduxjs/toolkit/query';
import { waitFor } from '@testing-library/react';
import { failNext, holdResponses } from '@mocks/control';
import { expireAccessTokens } from '@mocks/tokens';
import { requestLog, requestsTo } from '@mocks/log';
import { prefetchDashboard, prefetchFirstVisit, runningRequestsAnswered } from './prefetch';
import { config } from '@/config';
import { settledRequests, testStore } from '@/test/lifecycle';
import { signIn } from '@/test/signIn';
import { billingApi } from '@/store/api/billing';
import { callsApi } from '@/store/api/calls';
import { DASHBOARD_REQUESTS, EARLY_RESPONSES } from '@/store/earlyResponses';
import { whenRehydrated } from '@/store/persist';

// What the page's inline script does on a signed-in visit to /dashboard (scripts/route-preload-plugin.ts).
const urlOf = (path: string) => new URL(config.apiBaseUrl + path, location.href).href;
const startEarly = (token: string, answers: Record<string, Response>) => {
  const early: Record<string, { token: string; response: Promise<Response> }> = {};
  for (const [path, answer] of Object.entries(answers))
    early[urlOf(path)] = { token, response: Promise.resolve(answer) };
  (globalThis as Record<string, unknown>)[EARLY_RESPONSES] = early;
};
afterEach(() => delete (globalThis as Record<string, unknown>)[EARLY_RESPONSES]);

const startStore = async () => {
  const { store, persistor } = testStore();
  await whenRehydrated(persistor);
  return store;
};

const USAGE = { minutes_used: 42, included_minutes: 100, overage_cents: 0, trial: null };

test('the early requests are exactly what the dashboard asks first', async () => {
  signIn();
  const store = await startStore();
  prefetchDashboard(store.dispatch);
  await waitFor(() => expect(requestLog()).toHaveLength(DASHBOARD_REQUESTS.length));
  const asked = requestLog().map(({ path, query }) => {
    const search = new URLSearchParams(query).toString();
    return search ? `${path}?${search}` : path;
  });
  expect(asked.sort()).toEqual([...DASHBOARD_REQUESTS].sort());
});

test('an answer asked early with the same token is used instead of asking again, once', async () => {
  const { access_token } = signIn();
  startEarly(access_token, { '/dashboard/usage': Response.json(USAGE) });
  const store = await startStore();
  const first = await store.dispatch(callsApi.endpoints.getUsage.initiate());
  expect(first.data).toEqual(USAGE);
  expect(requestsTo('GET /dashboard/usage')).toHaveLength(0);
  // A refetch asks the server.
  await store.dispatch(callsApi.endpoints.getUsage.initiate(undefined, { forceRefetch: true }));
  expect(requestsTo('GET /dashboard/usage')).toHaveLength(1);
});

test('an answer asked with another token is not used', async () => {
  signIn();
  startEarly('a-token-from-before', { '/dashboard/usage': Response.json(USAGE) });
  const store = await startStore();
  const result = await store.dispatch(callsApi.endpoints.getUsage.initiate());
  expect(result.data).not.toEqual(USAGE);
  expect(requestsTo('GET /dashboard/usage')).toHaveLength(1);
});

test('an early 401 goes through the refresh and a retry like any other', async () => {
  const { access_token } = signIn();
  expireAccessTokens();
  const expired = { error: 'unauthorized', message: 'Your session has expired. Please sign in again.' };
  startEarly(access_token, { '/billing/subscription-status': Response.json(expired, { status: 401 }) });
  const store = await startStore();
  const result = await store.dispatch(billingApi.endpoints.getSubscriptionStatus.initiate());
  expect(result.data?.has_subscription).toBe(true);
  expect(requestsTo('POST /auth/refresh')).toHaveLength(1);
  expect(requestsTo('GET /billing/subscription-status')).toHaveLength(1);
});

test("a signed-in first visit asks its page's requests before the app renders, and only its page's", async () => {
  signIn();
  const store = await startStore();
  prefetchFirstVisit(store, '/settings');
  await waitFor(() => expect(requestLog()).toHaveLength(2));
  expect(
    requestLog()
      .map(({ path }) => path)
      .sort(),
  ).toEqual(['/billing/subscription-status', '/dashboard/phone-number']);
  prefetchFirstVisit(store, '/trial');
  prefetchFirstVisit(store, '/dashboard');
  await waitFor(() => expect(requestLog()).toHaveLength(DASHBOARD_REQUESTS.length));
  // The settings' answers are reused: only what the dashboard adds is asked.
  expect(requestsTo('GET /dashboard/usage')).toHaveLength(1);
  expect(requestsTo('GET /billing/subscription-status')).toHaveLength(1);
});

test("once a first visit has asked, the page's route adds nothing: no request, no action", async () => {
  signIn();
  const store = await startStore();
  const release = holdResponses();
  prefetchFirstVisit(store, '/dashboard');
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  await tick();
  // As the route mounts, with the requests still on their way:
  let notified = 0;
  const stop = store.subscribe(() => (notified += 1));
  prefetchDashboard(store.dispatch);
  await tick();
  stop();
  expect(notified).toBe(0);
  // And once they are answered.
  release();
  await waitFor(() =>
    expect(
      Object.values(store.getState().api.queries).every((q) => q?.status === QueryStatus.fulfilled),
    ).toBe(true),
  );
  prefetchDashboard(store.dispatch);
  await tick();
  expect(requestLog()).toHaveLength(DASHBOARD_REQUESTS.length);
});

test("a first visit's first render finds its page's answers in the store", async () => {
  signIn();
  const store = await startStore();
  prefetchFirstVisit(store, '/dashboard');
  await runningRequestsAnswered(store, 60_000);
  const statuses = Object.values(store.getState().api.queries).map((q) => q?.status);
  expect(statuses).toEqual(DASHBOARD_REQUESTS.map(() => QueryStatus.fulfilled));
});

test('a slow API holds the first render back only so long', async () => {
  signIn();
  const store = await startStore();
  const release = holdResponses();
  prefetchFirstVisit(store, '/dashboard');
  await runningRequestsAnswered(store, 50);
  expect(callsApi.endpoints.getUsage.select()(store.getState()).isLoading).toBe(true);
  release();
  await waitFor(() => expect(callsApi.endpoints.getUsage.select()(store.getState()).isSuccess).toBe(true));
});

test('a request that failed is asked again when its page is opened', async () => {
  signIn();
  failNext('GET /dashboard/usage', 500);
  const store = await startStore();
  prefetchDashboard(store.dispatch);
  await waitFor(() => expect(callsApi.endpoints.getUsage.select()(store.getState()).isError).toBe(true));
  prefetchDashboard(store.dispatch);
  await waitFor(() => expect(callsApi.endpoints.getUsage.select()(store.getState()).isSuccess).toBe(true));
  expect(requestsTo('GET /dashboard/usage')).toHaveLength(2);
});

test('a signed-out first visit asks nothing before the app renders', async () => {
  const store = await startStore();
  prefetchFirstVisit(store, '/dashboard');
  // A request it started would be followed to the mocks before this resolves.
  await settledRequests();
  expect(requestLog()).toHaveLength(0);
});
