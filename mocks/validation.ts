import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { FORMATS } from '../contract/fields';
import { endpointAt, type RouteKey } from '../contract/routes';
import { describeValidation } from '../contract/validation-messages';

type Part = 'params' | 'body' | 'querystring';

// As the server's validators (server/src/http/validators.ts over @fastify/ajv-compiler's defaults): a
// body's types must be exact, a query string's and a path's are read from text; defaults are filled in;
// unknown fields are refused, not dropped; the first violation is the one reported.
const options = { useDefaults: true, removeAdditional: false, allErrors: false, formats: FORMATS } as const;
const exact = addFormats(new Ajv({ ...options, coerceTypes: false }));
const fromText = addFormats(new Ajv({ ...options, coerceTypes: true }));

const compiled = new Map<string, ValidateFunction>();
function validatorOf(route: RouteKey, part: Part): ValidateFunction | undefined {
  const schema = endpointAt(route)[part];
  if (!schema) return undefined;
  const key = `${route} ${part}`;
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = (part === 'body' ? exact : fromText).compile(schema)));
  return validate;
}

/** A query string as Fastify reads it: a name given twice becomes a list. */
export function queryFields(query: URLSearchParams): Record<string, unknown> {
  const read: Record<string, string | string[]> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    read[name] = values.length > 1 ? values : values[0];
  }
  return read;
}

/**
 * The server's 400 sentence for a request its route's schemas refuse (contract/endpoints/), checked in
 * Fastify's order (path, body, query string); undefined when they accept it. As on the server, the
 * body and query are read in place: the handler then sees the query's numbers as numbers and every
 * default filled in.
 */
export function refusalOf(
  route: RouteKey,
  request: { params: Record<string, unknown>; body: unknown; query: Record<string, unknown> },
): string | undefined {
  const parts: [Part, unknown][] = [
    ['params', { ...request.params }],
    ['body', request.body],
    ['querystring', request.query],
  ];
  for (const [part, value] of parts) {
    const validate = validatorOf(route, part);
    if (validate && !validate(value)) return describeValidation(validate.errors ?? [], part);
  }
  return undefined;
}
