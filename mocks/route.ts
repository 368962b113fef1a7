import { delay, http, HttpResponse } from 'msw';
import type { RouteKey } from '../contract/routes';
import { heldUntilReleased, latency, takeOverride, tracked } from './control';
import { logRequest } from './log';
import { bearerOf, userIdForAccess } from './tokens';
import { apiUrl } from './url';

type Body = Record<string, unknown>;
type RouteContext = { request: Request; query: URLSearchParams; body: Body };
type Handler<C> = (ctx: C) => Response | Promise<Response>;
// `empty` is what respondEmpty() answers; without it the route answers {}.
type Options<C> = { handle: Handler<C>; empty?: Handler<C> };

const defaultMessages: Record<number, [string, string]> = {
  400: ['bad_request', 'The request is invalid'],
  401: ['unauthorized', 'Your session has expired. Please sign in again.'],
  403: ['forbidden', 'Not allowed'],
  404: ['not_found', 'Not found'],
  409: ['conflict', 'Conflict'],
  502: ['provider_error', 'The phone or billing provider failed'],
};

/** The server's error shape: `{ error, message }`. */
export const apiError = (status: number, error?: string, message?: string) => {
  const [code, text] = defaultMessages[status] ?? ['internal_error', 'Something went wrong'];
  return HttpResponse.json({ error: error ?? code, message: message ?? text }, { status });
};

export const str = (body: Body, key: string) => (typeof body[key] === 'string' ? body[key] : '');

async function readBody(request: Request): Promise<Body | null> {
  const text = await request.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : null;
  } catch {
    return null;
  }
}

function define<C extends RouteContext>(
  key: RouteKey,
  authorize: (ctx: RouteContext) => C | Response,
  { handle, empty }: Options<C>,
) {
  const [method, path] = key.split(' ');
  const verbs = { GET: http.get, PUT: http.put, POST: http.post, DELETE: http.delete } as const;
  const verb = verbs[method as keyof typeof verbs];
  return verb(apiUrl(path), ({ request }) => tracked(() => answer(request)));

  async function answer(request: Request) {
    const query = new URL(request.url).searchParams;
    const body = await readBody(request);
    const authorization = request.headers.get('authorization');
    logRequest({ route: key, method, path, query: Object.fromEntries(query), body, authorization });
    await heldUntilReleased(key);
    if (latency()) await delay(latency());

    const forced = takeOverride(key, 'error');
    if (forced) {
      if (forced.status === 'network') return HttpResponse.error();
      return forced.body === undefined
        ? apiError(forced.status)
        : HttpResponse.json(forced.body, { status: forced.status });
    }
    if (!body) return apiError(400, 'bad_request', 'The request body must be a JSON object');
    const ctx = authorize({ request, query, body });
    if (ctx instanceof Response) return ctx;
    if (takeOverride(key, 'empty')) return empty ? empty(ctx) : HttpResponse.json({});
    return handle(ctx);
  }
}

/** A public route (no bearer token needed). */
export const publicRoute = (key: RouteKey, options: Options<RouteContext>) =>
  define(key, (ctx) => ctx, options);

/** A route that answers 401 unless a valid bearer access token is sent; handlers get the caller's id. */
export const authRoute = (key: RouteKey, options: Options<RouteContext & { userId: string }>) =>
  define(
    key,
    (ctx) => {
      const userId = userIdForAccess(bearerOf(ctx.request));
      return userId ? { ...ctx, userId } : apiError(401);
    },
    options,
  );
