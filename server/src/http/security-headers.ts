import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';

// Where the SPA's analytics page views go (src/lib/analytics.ts), when a key is configured.
const ANALYTICS_ORIGIN = 'https://api2.amplitude.com';

/**
 * The CSP hashes of the inline scripts of the built pages (index.html, the prerendered pages and
 * app.html: the prerender guard and the route-preload script), read at start-up so they always
 * match the build being served.
 */
function inlineScriptHashes(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const pages = readdirSync(distDir)
    .filter((f) => f.endsWith('.html'))
    .sort();
  const hashes = pages.flatMap((page) =>
    [
      ...readFileSync(path.join(distDir, page), 'utf8').matchAll(
        /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi,
      ),
    ].map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`),
  );
  return [...new Set(hashes)];
}

/**
 * Headers on every answer (SPA, API, docs, sandbox pages): a strict CSP (scripts only from this
 * origin or hashed; Emotion and the server-rendered pages need inline styles), no framing, no MIME
 * sniffing, origin-only referrers elsewhere, and HSTS once the app is served over https. Helmet's
 * middleware is built once here: the Fastify plugin built it again on every request, parsing the
 * CSP each time (~3 % of a busy server's main thread).
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  { appUrl, distDir }: { appUrl: string; distDir: string },
) {
  const https = new URL(appUrl).protocol === 'https:';
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(distDir)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ANALYTICS_ORIGIN],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Helmet throws its errors (since 8.1) and calls back with none.
  app.addHook('onRequest', (request, reply, done) => {
    // API answers carry tokens, call lists, CSVs and account data: no browser or proxy may keep
    // them (ASVS 8.2.1). A route that wants caching sets its own header.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    setHeaders(request.raw, reply.raw, () => done());
  });
}
