import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known devices (OWASP's "device cookies"): a client that signed in to an account, or completed
 * its password reset, gets a signed cookie naming that email. Such a client is counted apart from
 * its address and is let past the per-address and per-account sign-in limits, so nobody can lock an
 * owner out of their own account by failing on purpose (docs/security.md, "Sign-in limits").
 *
 * One cookie of base64url parts, read and written here: @fastify/cookie 11 loads the ESM-only
 * `cookie` package with a dynamic import, which the test runner's CommonJS modules cannot do.
 */
const COOKIE = 'fwd_device';
const COOKIE_DAYS = 180;

// A digest of the email, never the email itself: the cookie says which account it knows, to nobody else.
const accountTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

export interface KnownDevices {
  /** The device id of the request's cookie when it is a known device of `email`. */
  of(request: FastifyRequest, email: string): string | undefined;
  /** Makes the client a known device of `email`, keeping its id when it already was one. */
  remember(reply: FastifyReply, email: string, device?: string): void;
}

export function knownDevices({ jwtSecret, appUrl }: { jwtSecret: string; appUrl: string }): KnownDevices {
  // A key of its own, derived from the app's secret, so a cookie signature can never pass as a token's.
  const key = createHmac('sha256', jwtSecret).update('known-device cookie').digest();
  const sign = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  const secure = new URL(appUrl).protocol === 'https:' ? '; Secure' : '';
  return {
    of(request, email) {
      const raw = request.headers.cookie
        ?.split(';')
        .map((pair) => pair.trim())
        .find((pair) => pair.startsWith(`${COOKIE}=`))
        ?.slice(COOKIE.length + 1);
      const [tag, device, signature] = raw?.split('.') ?? [];
      if (!tag || !device || !signature || tag !== accountTag(email)) return undefined;
      const expected = Buffer.from(sign(`${tag}.${device}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
    },
    remember(reply, email, device = randomBytes(16).toString('base64url')) {
      const value = `${accountTag(email)}.${device}`;
      reply.header(
        'set-cookie',
        `${COOKIE}=${value}.${sign(value)}; Max-Age=${COOKIE_DAYS * 86_400}; Path=/api/auth; HttpOnly; SameSite=Strict${secure}`,
      );
    },
  };
}
