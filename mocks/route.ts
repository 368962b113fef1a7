import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import type { ErrorBody } from '../contract/errors';
import type { JSONSchema } from 'json-schema-to-ts';
import { routeKeyOf, type AnswerOf, type Endpoint } from '../contract/endpoint';
import type { ApiEndpoint } from '../contract/routes';
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
// A route with a JSON answer answers its contract's (contract/endpoints/), or one of the refusals; a
// file, a stream or no content is a Response of its own.
type Answered<E extends Endpoint> = E['answer'] extends JSONSchema ? AnswerOf<E> | Refused : Response;
type Refused = HttpResponse<ErrorBody>;
type Handler<E extends Endpoint, C> = (ctx: C) => Answered<E> | Promise<Answered<E>>;
// `empty` is what respondEmpty() answers; without it the route answers {}.
type Options<E extends Endpoint, C> = { handle: Handler<E, C>; empty?: Handler<E, C> };

const defaultMessages: Record<number, [string, string]> = {
  400: ['bad_request', 'The request is invalid'],
  401: [httpRefusals.sessionExpired.code, httpRefusals.sessionExpired.message],
  403: ['forbidden', 'Not allowed'],
  404: ['not_found', 'Not found'],
  409: ['conflict', 'Conflict'],
  502: ['provider_error', 'The phone or billing provider failed'],
};

/** The server's error shape: `{ error, message }`. */
export const apiError = (status: number, error?: string, message?: string): Refused => {
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

// Typed by publicRoute and authRoute; here an answer is any JSON.
function define<C extends RouteContext>(
  endpoint: ApiEndpoint,
  authorize: (ctx: RouteContext) => C | Response,
  { handle, empty }: { handle: (ctx: C) => unknown; empty?: (ctx: C) => unknown },
) {
  const { method, path, status = 200 }: Endpoint = endpoint;
  const key = routeKeyOf(endpoint);
  const verbs = { GET: http.get, PUT: http.put, POST: http.post, DELETE: http.delete } as const;
  const verb = verbs[method];
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
    if (takeOverride(key, 'empty')) return empty ? respond(await empty(ctx)) : HttpResponse.json({});
    return respond(await handle(ctx));
  }

  function respond(answered: unknown) {
    return answered instanceof Response ? answered : HttpResponse.json(answered as JsonBodyType, { status });
  }
}

/** A public route (no bearer token needed). */
export const publicRoute = <E extends ApiEndpoint>(endpoint: E, options: Options<E, RouteContext>) =>
  define<RouteContext>(endpoint, (ctx) => ctx, options);

/** A route that answers 401 unless a valid bearer access token is sent; handlers get the caller's id. */
export const authRoute = <E extends ApiEndpoint>(
  endpoint: E,
  options: Options<E, RouteContext & { userId: string }>,
) =>
  define<RouteContext & { userId: string }>(
    endpoint,
    (ctx) => {
      const userId = userIdForAccess(bearerOf(ctx.request));
      return userId ? { ...ctx, userId } : refuse(httpRefusals.sessionExpired);
    },
    options,
  );
