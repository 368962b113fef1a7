import type { FastifyRequest } from 'fastify';

// Query parameters that are credentials wherever they appear.
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'session_id', 'code', 'password']);
// SPA pages of the sign-in, reset and checkout flows: their whole query string stays out of the logs.
const AUTH_PAGES = new Set([
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/checkout/redirect',
]);
// The sandbox's hosted pages are reached by an unguessable id, which is the credential itself.
const HOSTED_PAGE = /^(\/api\/sandbox\/(?:checkout|portal)\/)[^/?]+/;

const REDACTED = '[redacted]';

/** The request URL as the log may show it. */
function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(HOSTED_PAGE, `$1${REDACTED}`);
  if (at < 0) return path;
  if (AUTH_PAGES.has(path.replace(/\/$/, ''))) return `${path}?${REDACTED}`;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMS.has(name.toLowerCase())) params.set(name, REDACTED);
  }
  return `${path}?${params.toString()}`;
}

/** Fastify logger options: the request line without secrets, and no credential header ever. */
export const redactedRequestLogging = {
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
  redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
};
