import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Refusal } from './refusals/refusal';

/**
 * One route of the API, declared once (contract/endpoints/): what it accepts besides its bearer
 * token (each part a JSON schema the server checks before its handler runs, and the mock API too),
 * what it answers when it succeeds, and what it may refuse beyond what any route may
 * (refusals/http.ts). The server's route, the web app's endpoint and the mock handler are typed by
 * it, and the contract suite checks every answer of both APIs against it.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the API base, `:id` for a path parameter. */
  readonly path: string;
  readonly params?: JSONSchema;
  readonly querystring?: JSONSchema;
  readonly body?: JSONSchema;
  readonly headers?: JSONSchema;
  /** The success's status: 200 unless given. */
  readonly status?: 200 | 201 | 204;
  /** The success's JSON body; none for a file, a stream or no content. */
  readonly answer?: JSONSchema;
  /** A stream of server-sent events: the data of each. */
  readonly events?: JSONSchema;
  readonly refusals?: readonly Pick<Refusal, 'status' | 'code'>[];
}

/** A route's key, as the contract suite and the mocks' controls name it: 'GET /dashboard/usage'. */
export type RouteKeyOf<E extends Endpoint> = E extends Endpoint ? `${E['method']} ${E['path']}` : never;

export const routeKeyOf = <E extends Endpoint>({ method, path }: E) => `${method} ${path}` as RouteKeyOf<E>;

/** What the route answers when it succeeds. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends JSONSchema ? FromSchema<E['answer']> : never;

/** The data of each event a stream sends. */
export type EventOf<E extends Endpoint> = E['events'] extends JSONSchema ? FromSchema<E['events']> : never;

/** The body a client sends. */
export type BodyOf<E extends Endpoint> = E['body'] extends JSONSchema ? FromSchema<E['body']> : never;

/** The query string a client sends: a field with a default may be left out. */
export type QueryOf<E extends Endpoint> = E['querystring'] extends JSONSchema
  ? FromSchema<E['querystring'], { keepDefaultedPropertiesOptional: true }>
  : never;

/** The query string once the schema has read it: numbers from text, defaults filled in. */
export type CheckedQueryOf<E extends Endpoint> = E['querystring'] extends JSONSchema
  ? FromSchema<E['querystring']>
  : never;

/** The path's parameters. */
export type ParamsOf<E extends Endpoint> = E['params'] extends JSONSchema ? FromSchema<E['params']> : never;

/**
 * A route's URL path, its parameters filled in: the client writes the route's path as the contract
 * does (`pathOf<typeof callEndpoints.call>('/dashboard/calls/:id', { id })`), so a path that drifts
 * fails tsc.
 */
export const pathOf = <E extends Endpoint>(path: E['path'], params: Record<string, string> = {}) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]));
