import type { JSONSchema } from 'json-schema-to-ts';
import type { Endpoint } from '../../../contract/endpoint';
import { errorBodySchema } from '../../../contract/errors';

/** What the API's documentation says of a route beyond its contract (contract/endpoints/). */
interface Doc {
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** Left out of the OpenAPI document (the sandbox's hosted pages). */
  readonly hide?: boolean;
  /** Set on a route that needs the bearer token: it may answer 401. */
  readonly security?: readonly object[];
  readonly produces?: readonly string[];
  readonly consumes?: readonly string[];
  /** The success's schema where the contract declares no JSON answer (a file). */
  readonly answer?: JSONSchema;
  /** Other answers than the success and the error body (an unready 503). */
  readonly answers?: Readonly<Record<number, JSONSchema>>;
}

const noContent = { type: 'null' } as const;
const PARTS = ['params', 'querystring', 'body', 'headers'] as const;

type SuccessOf<E extends Endpoint, D extends Doc> = E['answer'] extends JSONSchema
  ? E['answer']
  : D['answer'] extends JSONSchema
    ? D['answer']
    : E['status'] extends 204
      ? typeof noContent
      : never;

// Only the success (and a documented other answer) is in the type: the handler's return must be the
// contract's answer (the refusals are thrown, never returned).
type ResponseOf<E extends Endpoint, D extends Doc> = [SuccessOf<E, D>] extends [never]
  ? unknown
  : {
      response: Record<E['status'] extends number ? E['status'] : 200, SuccessOf<E, D>> &
        (D['answers'] extends object ? D['answers'] : unknown);
    };

export type RouteSchema<E extends Endpoint, D extends Doc> = Omit<D, 'answer' | 'answers'> &
  Pick<E, Extract<keyof E, (typeof PARTS)[number]>> &
  ResponseOf<E, D>;

/**
 * A route as Fastify registers it, from its contract: its method, path, request schemas and answer,
 * with the error body for each status it may refuse with (a route's request may always be refused
 * with 400). The type provider types its handler's request and return from them, so an answer that
 * drifts from the contract fails tsc here.
 */
export function endpointRoute<const E extends Endpoint, const D extends Doc>(endpoint: E, doc: D) {
  const { answer, answers, ...documented } = doc;
  const success = endpoint.answer ?? answer ?? (endpoint.status === 204 ? noContent : undefined);
  const refusals = [400, ...(doc.security ? [401] : []), ...(endpoint.refusals ?? []).map((r) => r.status)];
  const schema = {
    ...documented,
    ...Object.fromEntries(PARTS.filter((part) => endpoint[part]).map((part) => [part, endpoint[part]])),
    ...(success && {
      response: {
        [endpoint.status ?? 200]: success,
        ...Object.fromEntries(refusals.map((status) => [status, errorBodySchema])),
        ...answers,
      },
    }),
  };
  return { method: endpoint.method, url: endpoint.path, schema: schema as RouteSchema<E, D> };
}
