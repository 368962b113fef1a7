import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import type { ErrorBody } from '../contract/errors';
import type { JSONSchema } from 'json-schema-to-ts';
import {
  routeKeyOf,
  type AnswerOf,
  type BodyOf,
  type CheckedQueryOf,
  type Endpoint,
  type ParamsOf,
} from '../contract/endpoint';
import type { ApiEndpoint } from '../contract/routes';
import { heldUntilReleased, latency, takeOverride, tracked } from './control';
import { logRequest } from './log';
import { bearerOf, userIdForAccess } from './tokens';
import { apiUrl } from './url';
import { queryFields, refusalOf } from './validation';
import { httpRefusals } from '../contract/refusals/http';
import type { Refusal } from '../contract/refusals/refusal';

type Body = Record<string, unknown>;
type RawContext = { request: Request; params: Body; query: Body; body: Body };
// A part the route declares no schema for: nothing in it is read.
type Declared<T> = [T] extends [never] ? Record<string, never> : T;
// `params` (the path's `:id`), `query` and `body` typed from the route's schemas, which have checked
// them: the query's numbers read from text, defaults filled in.
type RouteContext<E extends Endpoint> = {
  request: Request;
  params: Declared<ParamsOf<E>>;
  query: Declared<CheckedQueryOf<E>>;
  body: Declared<BodyOf<E>>;
};
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

// Typed by publicRoute and authRoute (C: the request as the route's schemas declare it); here an
// answer is any JSON.
function define<C>(
  endpoint: ApiEndpoint,
  authorize: (ctx: RawContext) => RawContext | Response,
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
    const authorized = authorize({ request, params, query, body: body as Body });
    if (authorized instanceof Response) return authorized;
    if (read === INVALID_JSON) return refuse(httpRefusals.invalidJson);
    const refusal = refusalOf(key, { params, body, query });
    if (refusal) return refuse(httpRefusals.inputRefused(refusal));
    // The schemas accepted the request (and read it in place): it is what they declare.
    const ctx = authorized as C;
    if (takeOverride(key, 'empty')) return empty ? respond(await empty(ctx)) : HttpResponse.json({});
    return respond(await handle(ctx));
  }

  function respond(answered: unknown) {
    return answered instanceof Response ? answered : HttpResponse.json(answered as JsonBodyType, { status });
  }
}

/** A public route (no bearer token needed). */
export const publicRoute = <E extends ApiEndpoint>(
  endpoint: E,
  options: NoInfer<Options<E, RouteContext<E>>>,
) => define(endpoint, (ctx) => ctx, options);

/** A route that answers 401 unless a valid bearer access token is sent; handlers get the caller's id. */
export const authRoute = <E extends ApiEndpoint>(
  endpoint: E,
  options: NoInfer<Options<E, RouteContext<E> & { userId: string }>>,
) =>
  define(
    endpoint,
    (ctx) => {
      const userId = userIdForAccess(bearerOf(ctx.request));
      return userId ? { ...ctx, userId } : refuse(httpRefusals.sessionExpired);
    },
    options,
  );
