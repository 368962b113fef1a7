import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import twilio from 'twilio';

// Generators of bad requests for the corpus (bad-input.test.ts): each answers a list of named
// requests that a route must refuse with a 4xx and a sentence, changing nothing.

export interface BadRequest {
  name: string;
  request: InjectOptions;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Fields = Record<string, unknown>;

const WRONG_TYPES: [string, unknown][] = [
  ['a number', 12345],
  ['a boolean', true],
  ['an array', ['+12125550100']],
  ['an object', { value: 'x' }],
  ['null', null],
];
const INJECTIONS = [
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
];
const HUGE = 'x'.repeat(10_001);

interface BodyOptions {
  headers?: Record<string, string>;
  required?: string[];
  // Fields whose any text is acceptable (a name, a password): no injection strings for them.
  freeText?: string[];
}

/** A JSON body route: malformed and non-object bodies, unknown fields, and each field wrong. */
export function jsonBodyCases(
  method: Method,
  url: string,
  sample: Fields,
  o: BodyOptions = {},
): BadRequest[] {
  const headers = { 'content-type': 'application/json', ...o.headers };
  const raw = (name: string, payload: string, type = 'application/json'): BadRequest => ({
    name,
    request: { method, url, headers: { ...headers, 'content-type': type }, payload },
  });
  const body = (name: string, payload: unknown) => raw(name, JSON.stringify(payload));
  const cases = [
    raw('malformed JSON', '{"a": '),
    body('an array body', [sample]),
    body('a string body', 'text'),
    body('a number body', 42),
    body('a null body', null),
    body('an unknown field', { ...sample, is_admin: true }),
    raw('a body over 1 MB', JSON.stringify({ ...sample, padding: 'x'.repeat(1_100_000) })),
    raw('a text/plain body', 'hello', 'text/plain'),
  ];
  for (const field of Object.keys(sample)) {
    const without = { ...sample };
    delete without[field];
    if (o.required?.includes(field)) cases.push(body(`no ${field}`, without));
    for (const [kind, value] of WRONG_TYPES) {
      const same =
        typeof value === typeof sample[field] && Array.isArray(value) === Array.isArray(sample[field]);
      if (!same) cases.push(body(`${field} as ${kind}`, { ...sample, [field]: value }));
    }
    if (typeof sample[field] !== 'string') continue;
    cases.push(body(`${field} with a NUL byte`, { ...sample, [field]: `${sample[field]}\u0000` }));
    cases.push(body(`${field} with a control character`, { ...sample, [field]: `${sample[field]}\u0007` }));
    cases.push(body(`${field} of 10,001 characters`, { ...sample, [field]: HUGE }));
    if (o.freeText?.includes(field)) continue;
    for (const attack of INJECTIONS) cases.push(body(`${field} = ${attack}`, { ...sample, [field]: attack }));
  }
  return cases;
}

/** A query string route: unknown and repeated parameters, and each parameter wrong. */
export function queryCases(
  url: string,
  sample: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const get = (name: string, query: Record<string, string | string[]>): BadRequest => ({
    name,
    request: { method: 'GET', url, headers, query },
  });
  const cases = [get('an unknown parameter', { ...sample, is_admin: 'true' })];
  for (const field of Object.keys(sample)) {
    cases.push(get(`${field} repeated`, { ...sample, [field]: [sample[field], sample[field]] }));
    cases.push(get(`${field} with a NUL byte`, { ...sample, [field]: `${sample[field]}\u0000` }));
    cases.push(get(`${field} of 10,001 characters`, { ...sample, [field]: HUGE }));
    for (const attack of INJECTIONS.slice(0, 3))
      cases.push(get(`${field} = ${attack}`, { ...sample, [field]: attack }));
  }
  return cases;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Bearer tokens that must never pass: absent, malformed, forged, expired, unsigned, refresh. */
export async function badTokens(jwtSecret: string, userId: string, refreshToken: string) {
  const claims = { sid: 'session' };
  const sign = () =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('forwardly')
      .setAudience('access');
  const key = (secret: string) => new TextEncoder().encode(secret);
  const now = Math.floor(Date.now() / 1000);
  return {
    'no token': undefined,
    'a malformed token': 'Bearer not-a-jwt',
    'another scheme': 'Basic dXNlcjpwYXNz',
    'a token signed with another secret': `Bearer ${await sign().setExpirationTime('15m').sign(key('another-secret-of-at-least-32-chars!'))}`,
    'an expired token': `Bearer ${await sign()
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(key(jwtSecret))}`,
    'an unsigned token (alg none)': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: userId, iss: 'forwardly', aud: 'access', exp: now + 600 })}.`,
    'a refresh token': `Bearer ${refreshToken}`,
  } as Record<string, string | undefined>;
}

/** Each bad token on a request that would otherwise be valid. */
export async function authCases(request: InjectOptions, tokens: Record<string, string | undefined>) {
  const { authorization: _valid, ...headers } = (request.headers ?? {}) as Record<string, string>;
  return Object.entries(tokens).map(([name, authorization]) => ({
    name,
    request: { ...request, headers: { ...headers, ...(authorization ? { authorization } : {}) } },
  })) as BadRequest[];
}

/** A Twilio webhook: unsigned, forged, signed by another account; then signed with bad fields. */
export function twilioWebhookCases(
  appUrl: string,
  path: string,
  sample: Record<string, string>,
  secret: string,
) {
  const post = (name: string, params: Record<string, string>, signature?: string): BadRequest => ({
    name,
    request: {
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
      },
      payload: new URLSearchParams(params).toString(),
    },
  });
  const signed = (params: Record<string, string>, key = secret, url = appUrl + path) =>
    twilio.getExpectedTwilioSignature(key, url, params);
  const cases = [
    post('no signature', sample),
    post('a forged signature', sample, 'bm90IGEgc2lnbmF0dXJl'),
    post("another account's signature", sample, signed(sample, 'another-auth-token')),
    post('a signature over another URL', sample, signed(sample, secret, 'https://evil.example/hook')),
    post('a signature over other parameters', { ...sample, To: '+12125550999' }, signed(sample)),
  ];
  for (const field of Object.keys(sample)) {
    const without = { ...sample };
    delete without[field];
    cases.push(post(`signed, without ${field}`, without, signed(without)));
    const nul = { ...sample, [field]: `${sample[field]}\u0000` };
    cases.push(post(`signed, ${field} with a NUL byte`, nul, signed(nul)));
    const huge = { ...sample, [field]: 'x'.repeat(1000) };
    cases.push(post(`signed, ${field} of 1,000 characters`, huge, signed(huge)));
  }
  return cases;
}
