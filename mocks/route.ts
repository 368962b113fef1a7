import { delay, http, HttpResponse } from 'msw';
import type { ErrorBody } from '../contract/errors';
import type { RouteKey } from '../contract/routes';
import { heldUntilReleased, latency, takeOverride, tracked } from './control';
import { logRequest } from './log';
import { bearerOf, userIdForAccess } from './tokens';
import { apiUrl } from './url';
import { queryFields, refusalOf } from './validation';
import { httpRefusals } from '../contract/refusals/http';
import type { Refusal } from '../contract/refusals/refusal';

type Body = Record<string, unknown>;
// `params` (the path's `:id`), `query` and `body` as the route's schemas have checked them: the query's
// numbers read from text, defaults filled in.
type RouteContext = { request: Request; params: Record<string, unknown>; query: Body; body: Body };
type Handler<C> = (ctx: C) => Response | Promise<Response>;
// `empty` is what respondEmpty() answers; without it the route answers {}.
type Options<C> = { handle: Handler<C>; empty?: Handler<C> };

const defaultMessages: Record<number, [string, string]> = {
  400: ['bad_request', 'The request is invalid'],
  401: [httpRefusals.sessionExpired.code, httpRefusals.sessionExpired.message],
  403: ['forbidden', 'Not allowed'],
  404: ['not_found', 'Not found'],
  409: ['conflict', 'Conflict'],
  502: ['provider_error', 'The phone or billing provider failed'],
};

/** The server's error shape: `{ error, message }`. */
export const apiError = (status: number, error?: string, message?: string) => {
  const [code, text] = defaultMessages[status] ?? ['internal_error', 'Something went wrong'];
  return HttpResponse.json<ErrorBody>({ error: error ?? code, message: message ?? text }, { status });
};

/** One of the server's refusals (contract/refusals/), as it answers it. */
export const refuse = ({ status, code, message }: Refusal) => apiError(status, code, message);

export const str = (body: Body, key: string) => (typeof body[key] === 'string' ? body[key] : '');

const INVALID_JSON = Symbol('invalid JSON');

// As the server reads a JSON body: none at all is {}.
async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
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
  return verb(apiUrl(path), ({ request, params }) => tracked(() => answer(request, params)));

  async function answer(request: Request, params: Record<string, unknown>) {
    const search = new URL(request.url).searchParams;
    const query = queryFields(search);
    const read = await readBody(request);
    const body = read === INVALID_JSON ? null : read;
    const authorization = request.headers.get('authorization');
    logRequest({ route: key, method, path, query: Object.fromEntries(search), body, authorization });
    await heldUntilReleased(key);
    if (latency()) await delay(latency());

    const forced = takeOverride(key, 'error');
    if (forced) {
      if (forced.status === 'network') return HttpResponse.error();
      return forced.body === undefined
        ? apiError(forced.status)
        : HttpResponse.json(forced.body, { status: forced.status });
    }
    // The server's order: the bearer token, then the body's JSON, then the request's schemas.
    const ctx = authorize({ request, params, query, body: body as Body });
    if (ctx instanceof Response) return ctx;
    if (read === INVALID_JSON) return refuse(httpRefusals.invalidJson);
    const refusal = refusalOf(key, { params, body, query });
    if (refusal) return refuse(httpRefusals.inputRefused(refusal));
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
      return userId ? { ...ctx, userId } : refuse(httpRefusals.sessionExpired);
    },
    options,
  );
