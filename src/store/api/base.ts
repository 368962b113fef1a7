import { pathOf, type BodyOf, type Endpoint } from '@contract/endpoint';
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from '../baseQueryWithReauth';

// The one API of the app; each domain module beside this file adds its endpoints with api.injectEndpoints.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Subscription', 'PhoneNumber', 'Call', 'Usage', 'Text'],
  endpoints: () => ({}),
});

/**
 * A request sending its argument as the route's body, with the method and path written as the
 * contract's (contract/endpoints/), which tsc checks.
 */
export const sending =
  <E extends Endpoint>(method: E['method'], path: E['path']) =>
  (body: BodyOf<E>) => ({ url: pathOf<E>(path), method, body });

/**
 * How a change shows before the server answers (one style for every switch and form): the caller has
 * already patched the cached answer (`patch`); the server's answer then replaces it (`settle`), and a
 * failure puts back what was there. Meant for an endpoint's onQueryStarted.
 */
export async function settleOptimistic<T>(
  patch: { undo: () => void },
  queryFulfilled: Promise<{ data: T }>,
  settle: (answer: T) => void,
) {
  try {
    settle((await queryFulfilled).data);
  } catch {
    patch.undo();
  }
}
