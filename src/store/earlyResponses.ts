/**
 * What a signed-in first visit to the dashboard asks at once (src/app/prefetch.ts), as paths under
 * the API base. The page's inline script (scripts/route-preload-plugin.ts) starts these with the
 * stored access token while the app's code is still downloading, and leaves them here; the API
 * client takes each answer instead of asking again. Dependency-free: the build reads it too.
 */
export const USAGE_REQUEST = '/dashboard/usage';
export const DASHBOARD_REQUESTS = [
  '/billing/subscription-status',
  '/dashboard/phone-number',
  USAGE_REQUEST,
  '/dashboard/calls?page=1&per_page=10',
];

/**
 * The global the inline script sets on such a visit: a promise settled once the usage card has been
 * painted from its early answer (scripts/early-usage.ts), or not, after which app.html runs the app.
 */
export const EARLY_PAINT = '__forwardlyEarlyPaint';

/** The global the inline script fills: absolute URL → the token it used and the answer. */
export const EARLY_RESPONSES = '__forwardlyEarly';

type EarlyResponses = Record<string, { token: string; response: Promise<Response> } | undefined>;

/**
 * The answer the inline script already asked for this request, if any: the same GET, signed with
 * the same token. Each is taken once, so a refetch asks the server again; an answer that is a 401
 * goes through the usual refresh and retry like any other.
 */
export function takeEarlyResponse(request: Request): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[EARLY_RESPONSES] as EarlyResponses | undefined;
  const entry = early?.[request.url];
  if (!entry || request.method !== 'GET') return undefined;
  delete early[request.url];
  return request.headers.get('Authorization') === `Bearer ${entry.token}` ? entry.response : undefined;
}
