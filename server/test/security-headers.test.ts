import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestContext } from './helpers/app';

// The built pages' inline scripts, as the build writes them (every page has the prerender guard, a
// prerendered page may have more): their hashes, each once, are the only inline scripts allowed.
const BOOT = "if (location.pathname !== '/') document.getElementById('root').replaceChildren();";
const PRELOAD = "document.head.append(document.createElement('link'));";
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const bootHash = hashOf(BOOT);

const withDist = (env: Record<string, string> = {}) =>
  createTestApp({
    env,
    deps: (config) => {
      const distDir = path.join(config.dataDir, 'dist');
      mkdirSync(distDir, { recursive: true });
      writeFileSync(
        path.join(distDir, 'index.html'),
        `<!doctype html><title>Forwardly</title><script>${BOOT}</script><script type="module" src="/assets/x.js"></script>`,
      );
      writeFileSync(
        path.join(distDir, 'login.html'),
        `<!doctype html><title>Sign in</title><script>${BOOT}</script><script>${PRELOAD}</script>`,
      );
      return { distDir };
    },
  });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await withDist();
});
afterAll(() => ctx.close());

const PAGES = ['/', '/dashboard', '/api/health', '/api/docs', '/api/docs/json'];
// Failures carry them too: a route that is not there, and one that needs a session.
const FAILURES: Record<string, number> = { '/api/nowhere': 404, '/api/dashboard/calls': 401 };

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  it.each([...PAGES, ...Object.keys(FAILURES)])(
    '%s carries the CSP, no framing, nosniff and the referrer policy',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(FAILURES[url] ?? 200);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'", bootHash, hashOf(PRELOAD)]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Over plain http (a developer machine) HSTS would be meaningless.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('keeps the sandbox checkout page out of frames', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Frame',
        email: 'frame@example.com',
        password: 'long enough password',
        acceptTerms: true,
      },
    });
    expect(login.statusCode).toBe(201);
    const tokens = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'frame@example.com', password: 'long enough password' },
      })
    ).json();
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/create-checkout-session',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const page = await ctx.app.inject({ method: 'GET', url: new URL(checkout.json().url).pathname });
    expect(page.statusCode).toBe(200);
    expect(directives(String(page.headers['content-security-policy']))['frame-ancestors']).toEqual([
      "'none'",
    ]);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('answers CORS only to the origins of CORS_ORIGINS', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight('http://localhost:3000')).headers['access-control-allow-origin']).toBe(
      'http://localhost:3000',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('served over https', () => {
  it('adds HSTS and asks the browser to upgrade any http request', async () => {
    const secure = await withDist({ APP_URL: 'https://forwardly.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(String(res.headers['content-security-policy']))).toHaveProperty(
        'upgrade-insecure-requests',
      );
    } finally {
      await secure.close();
    }
  });
});

describe('in production', () => {
  it('serves no API docs unless API_DOCS=true', async () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_SANDBOX: 'true',
      APP_URL: 'https://forwardly.example',
    };
    for (const [env, status] of [
      [production, 404],
      [{ ...production, API_DOCS: 'true' }, 200],
    ] as const) {
      const app = await withDist(env);
      try {
        expect((await app.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(status);
      } finally {
        await app.close();
      }
    }
  });
});
