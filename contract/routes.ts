import { routeKeyOf, type Endpoint, type RouteKeyOf } from './endpoint';
import { accountEndpoints } from './endpoints/account';
import { authEndpoints } from './endpoints/auth';
import { billingEndpoints } from './endpoints/billing';
import { callEndpoints } from './endpoints/calls';
import { numberEndpoints } from './endpoints/numbers';
import { textEndpoints } from './endpoints/texts';

/** Every route the web app calls, by domain (contract/endpoints/). */
const DOMAINS = [
  authEndpoints,
  accountEndpoints,
  billingEndpoints,
  numberEndpoints,
  callEndpoints,
  textEndpoints,
] as const;
type EndpointsOf<D> = D extends unknown ? D[keyof D] : never;
/** One of the routes the web app calls. */
export type ApiEndpoint = EndpointsOf<(typeof DOMAINS)[number]>;

export const ENDPOINTS: readonly ApiEndpoint[] = DOMAINS.flatMap((domain) =>
  Object.values<ApiEndpoint>(domain),
);

/** A route as 'METHOD /path' under the API base (`:id` for a path parameter). */
export type RouteKey = RouteKeyOf<ApiEndpoint>;

/**
 * Every route the web app calls. The server and the mocks serve each (contract/api-contract/, run by
 * server/test/contract.test.ts and mocks/contract.test.ts), and the mocks' controls are typed by it.
 */
export const API_ROUTES = ENDPOINTS.map(routeKeyOf) as RouteKey[];

/** The route's declaration. */
export const endpointAt = (key: RouteKey): Endpoint => ENDPOINTS.find((e) => routeKeyOf(e) === key)!;
