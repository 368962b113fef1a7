import type { RouteKey } from '../contract/routes';

/** One request as a handler received it, before any forced error or auth check. */
type LoggedRequest = {
  route: RouteKey;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
};

let log: LoggedRequest[] = [];

export const logRequest = (entry: LoggedRequest) => {
  log.push(entry);
};

/** Every API request since the last reset, oldest first. */
export const requestLog = (): readonly LoggedRequest[] => log;

/** The requests made to one route, e.g. `requestsTo('POST /twilio/purchase-number')`. */
export const requestsTo = (route: RouteKey) => log.filter((entry) => entry.route === route);

/** The body of the latest request to a route (undefined when it was never called or had no body). */
export const lastBodyOf = (route: RouteKey) => requestsTo(route).at(-1)?.body;

export const clearRequestLog = () => {
  log = [];
};
