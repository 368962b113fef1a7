import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestContext } from './helpers/app';

const script = 'console.log("Forwardly");'.repeat(50);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    deps: (config) => {
      const distDir = path.join(config.dataDir, 'dist');
      mkdirSync(path.join(distDir, 'content'), { recursive: true });
      writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Forwardly</title>');
      writeFileSync(path.join(distDir, 'content', 'terms.md'), '# Terms of Service');
      // As the build writes them: each asset with its .br and .gz beside it.
      mkdirSync(path.join(distDir, 'assets'), { recursive: true });
      const asset = path.join(distDir, 'assets', 'index-abc123.js');
      writeFileSync(asset, script);
      writeFileSync(`${asset}.br`, brotliCompressSync(script));
      writeFileSync(`${asset}.gz`, gzipSync(script));
      return { distDir };
    },
  });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
  it('serves index.html at the root', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Forwardly</title>');
  });

  it('answers client-side routes with index.html so a reload works', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/settings?tab=billing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Forwardly</title>');
  });

  it('sends a precompressed asset to a client that accepts it, cached for good', async () => {
    const url = '/assets/index-abc123.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('does not cache index.html for good, compressed or not', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Forwardly</title>');
  });

  it('serves the legal texts as files', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/content/terms.md' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('# Terms of Service');
  });

  it('does not answer a missing file or an unknown API route with the page', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
  });
});

describe('serving a build with prerendered pages', () => {
  let built: TestContext;
  const page = (name: string) => `<!doctype html><title>${name}</title>`;
  beforeAll(async () => {
    built = await createTestApp({
      deps: (config) => {
        const distDir = path.join(config.dataDir, 'dist');
        mkdirSync(distDir, { recursive: true });
        // As scripts/prerender-plugin.ts writes them: the landing page, the sign-in page, the bare app.
        writeFileSync(path.join(distDir, 'index.html'), page('landing'));
        writeFileSync(path.join(distDir, 'login.html'), page('sign-in'));
        writeFileSync(path.join(distDir, 'app.html'), page('app'));
        return { distDir };
      },
    });
  });
  afterAll(() => built.close());

  it.each([
    ['/', 'landing'],
    ['/login', 'sign-in'],
    ['/login?next=%2Fsettings', 'sign-in'],
    ['/signup', 'app'],
    ['/dashboard', 'app'],
    ['/reset-password?token=abc', 'app'],
  ])('answers %s with the %s page', async (url, title) => {
    const res = await built.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<title>${title}</title>`);
  });
});
