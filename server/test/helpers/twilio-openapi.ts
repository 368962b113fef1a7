import { createRequire } from 'node:module';
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Operation, ValidationContext } from 'openapi-backend';

// Twilio's own description of its REST API (twilio-oai, as bundled by @twilio-alpha/mcp): every
// request the product sends to the fake Twilio and every answer the fake gives are checked against
// it, so the fake cannot accept what Twilio would refuse, nor answer what Twilio never would.

const spec = createRequire(__filename)('@twilio-alpha/mcp/twilio-oai/spec/json/twilio_api_v2010.json');

// Twilio's own formats. Those our requests or the fake's answers carry are checked; the others
// (never sent) are accepted as they come.
const E164 = /^\+[1-9]\d{1,14}$/;
const twilioFormats: Record<string, RegExp | true> = {
  'phone-number': E164,
  endpoint: /^(\+[1-9]\d{1,14}|client:.+|sip:.+)$/,
  'http-method': /^(GET|POST)$/,
  'date-time-rfc-2822':
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/,
  'iso-country-code': /^[A-Z]{2}$/,
  'uri-map': true,
  'phone-number-capabilities': true,
  currency: /^[a-z]{3}$/i,
  'ice-server': true,
  int64: /^-?\d+$/,
  twiml: true,
  // Twilio's answers name their own resources by path (uri, next_page_uri), so a path is a uri too.
  uri: /^(https?:\/\/\S+|\/\S*|)$/,
};

function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  for (const [name, rule] of Object.entries(twilioFormats)) ajv.addFormat(name, rule);
  return ajv;
}

const api = new OpenAPIBackend({
  definition: spec,
  quick: true,
  strict: false,
  // A form body is all strings: read it as Twilio does (integers, booleans, repeated keys as lists).
  customizeAjv: (ajv: Ajv, options: Options, context: ValidationContext) =>
    withFormats(
      context === ValidationContext.RequestBody ? new Ajv({ ...options, coerceTypes: 'array' }) : ajv,
    ),
});
const ready = api.init();

export interface TwilioRequest {
  method: string;
  // The path after the host, e.g. /2010-04-01/Accounts/AC…/Calls.json.
  path: string;
  query: Record<string, string>;
  form: Record<string, string | string[]>;
}

const explain = (what: string, errors: unknown) => `${what} is not Twilio's API: ${JSON.stringify(errors)}`;

/**
 * The operation of Twilio's API the request is, once its path, query and form are what Twilio's
 * description allows. A parameter it does not name is refused too: Twilio would ignore it, so a
 * setting we believe we sent would never take effect.
 */
export async function validateTwilioRequest(request: TwilioRequest): Promise<Operation> {
  await ready;
  const req = {
    method: request.method.toLowerCase(),
    path: request.path,
    query: request.query,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: { ...request.form },
  };
  const operation = api.router.matchOperation(req);
  if (!operation) throw new Error(`${request.method} ${request.path} is not an operation of Twilio's API`);
  const result = api.validator.validateRequest(req, operation);
  if (!result.valid) throw new Error(explain(`${operation.operationId}'s request`, result.errors));
  const known = (name: string, place: 'query' | 'form') =>
    place === 'form'
      ? name in (bodySchema(operation)?.properties ?? {})
      : (operation.parameters ?? []).some((p) => 'name' in p && p.name === name && p.in === 'query');
  const unknown = [
    ...Object.keys(request.query).filter((name) => !known(name, 'query')),
    ...Object.keys(request.form).filter((name) => !known(name, 'form')),
  ];
  if (unknown.length) throw new Error(`${operation.operationId} has no parameter ${unknown.join(', ')}`);
  return operation;
}

const bodySchema = (operation: Operation) => {
  const body = operation.requestBody;
  if (!body || !('content' in body)) return undefined;
  return body.content['application/x-www-form-urlencoded']?.schema as
    { properties?: Record<string, unknown> } | undefined;
};

/** Throws unless `body` is an answer Twilio's description gives for `operation` with `status`. */
export function validateTwilioAnswer(operation: Operation, status: number, body: unknown): void {
  const described = operation.responses?.[String(status)];
  // Twilio describes only its success answers; its error body is the one errors' own docs give.
  if (!described) {
    if (status >= 400) return;
    throw new Error(`${operation.operationId} never answers ${status}`);
  }
  const result = api.validator.validateResponse(body, operation, status);
  if (!result.valid) throw new Error(explain(`${operation.operationId}'s answer`, result.errors));
}
