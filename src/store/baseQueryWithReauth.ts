import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { config } from '@/config';
import { browser } from '@/lib/browser';
import { sessionEnded, tokensRefreshed } from './session';
import { takeEarlyResponse } from './earlyResponses';
import { flushPersistedState } from './persist';
import { paths } from '@/config/paths';

interface TokenState {
  auth: { accessToken: string | null; refreshToken: string | null };
}

const NO_REFRESH_TOKEN = 'No refresh token available';

// Calls whose 401 means "wrong credentials" or "ending anyway", not "expired session": passed straight
// to the caller. (The refresh itself goes through rawBaseQuery, never through here.)
const NO_REAUTH = new Set(['/auth/login', '/auth/logout']);

const accessTokenOf = (api: { getState: () => unknown }) => (api.getState() as TokenState).auth.accessToken;

const rawBaseQuery = fetchBaseQuery({
  // Absolute, because fetch outside a browser (Jest) cannot resolve a relative URL. The build's
  // prerender has no location, and sends no request.
  baseUrl: new URL(config.apiBaseUrl, globalThis.location?.origin ?? 'http://prerender.invalid').href.replace(
    /\/$/,
    '',
  ),
  fetchFn: (input: RequestInfo, init?: RequestInit) =>
    (input instanceof Request && takeEarlyResponse(input)) || fetch(input, init),
  prepareHeaders: (headers, { getState }) => {
    headers.set('Content-Type', 'application/json');
    const token = accessTokenOf({ getState });
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

// One refresh at a time: concurrent 401s wait for the same refresh instead of starting their own.
let refreshing: Promise<boolean> | null = null;

type Api = Parameters<typeof rawBaseQuery>[1];

const refreshAccessToken = async (api: Api, extraOptions: object): Promise<boolean> => {
  const refreshToken = (api.getState() as TokenState).auth.refreshToken;
  if (!refreshToken) throw new Error(NO_REFRESH_TOKEN);
  const result = await rawBaseQuery(
    { url: '/auth/refresh', method: 'POST', headers: { Authorization: `Bearer ${refreshToken}` } },
    api,
    extraOptions,
  );
  const tokens = result.data as { access_token?: string; refresh_token?: string } | undefined;
  if (!tokens?.access_token) return false;
  // The refresh token rotates: the one just sent is spent, the answer carries the next one.
  api.dispatch(tokensRefreshed({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }));
  return true;
};

// The stores whose session ended here. The page leaves for /login once, however many requests were
// held by the failed refresh: a second assign would abort the navigation the first one started.
const leaving = new WeakSet<Api['dispatch']>();

const endSession = async (api: Api) => {
  if (leaving.has(api.dispatch)) return;
  leaving.add(api.dispatch);
  api.dispatch(sessionEnded({ to: paths.login }));
  // The tokens must be gone from storage before the page unloads, or /login would sign straight back in.
  await flushPersistedState();
  browser.assign(paths.login);
};

export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  if (refreshing) await refreshing.catch(() => false);
  const sentToken = accessTokenOf(api);
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || NO_REAUTH.has(urlOf(args))) return result;
  // Another request refreshed the token while this one was in flight: just retry with the new one.
  if (accessTokenOf(api) && accessTokenOf(api) !== sentToken) return rawBaseQuery(args, api, extraOptions);

  refreshing ??= refreshAccessToken(api, extraOptions).finally(() => {
    refreshing = null;
  });
  let refreshed = false;
  let failure = 'Session expired';
  try {
    refreshed = await refreshing;
  } catch (error) {
    failure = (error as Error).message;
  }
  if (!refreshed) {
    await endSession(api);
    return { error: { status: 'CUSTOM_ERROR', error: failure } };
  }
  return rawBaseQuery(args, api, extraOptions);
};

/**
 * For a request made with fetch outside RTK Query (the call history's live stream, read as a
 * stream): after its 401, the one refresh this module runs (shared with any other request's), then
 * whether a new access token is there to try again with. A failed refresh ends the session as for any
 * request.
 */
export async function refreshAfter401(store: Pick<Api, 'dispatch' | 'getState'>, sentToken: string | null) {
  const api: Api = {
    ...store,
    signal: new AbortController().signal,
    abort: () => {},
    extra: undefined,
    endpoint: 'refresh',
    type: 'mutation',
  };
  if (refreshing) await refreshing.catch(() => false);
  if (accessTokenOf(api) && accessTokenOf(api) !== sentToken) return true;
  refreshing ??= refreshAccessToken(api, {}).finally(() => {
    refreshing = null;
  });
  const refreshed = await refreshing.catch(() => false);
  if (!refreshed) await endSession(api);
  return refreshed;
}
