import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createTestApp, type TestContext } from './helpers/app';

// Two builds deployed side by side during a rolling deploy, sharing ASSET_STORE_DIR: a page from build A
// asks a node of build B for A's scripts and styles (docs/operations.md, "Assets across a deploy").
const IMMUTABLE = 'public, max-age=31536000, immutable';
const scriptA = 'console.log("build A");'.repeat(20);

let root: string;
let store: string;
const apps: TestContext[] = [];

/** A build's dist/: its index.html and these files in assets/. */
function dist(name: string, assets: Record<string, string | Buffer>) {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
  for (const [file, content] of Object.entries(assets))
    writeFileSync(path.join(dir, 'assets', file), content);
  return dir;
}

async function node(distDir: string, env: Record<string, string> = {}) {
  const ctx = await createTestApp({ env: { ASSET_STORE_DIR: store, ...env }, deps: () => ({ distDir }) });
  apps.push(ctx);
  return ctx;
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'forwardly-assets-'));
  store = path.join(root, 'store');
  // Beside the store's assets/ folder, something that must never be served.
  mkdirSync(store, { recursive: true });
  writeFileSync(path.join(store, 'secret.txt'), 'not an asset');
});
afterAll(async () => {
  for (const ctx of apps) await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the shared asset store', () => {
  let nodeB: TestContext;
  beforeAll(async () => {
    await node(
      dist('build-a', {
        'index-Ab12Cd34.js': scriptA,
        'index-Ab12Cd34.js.gz': gzipSync(scriptA),
        'index-Ef56Gh78.css': 'body{color:red}',
      }),
    );
    nodeB = await node(dist('build-b', { 'index-Zz99Yy88.js': 'console.log("build B");' }));
  });

  it("serves the other build's script with its type, cached for good, compressed when asked", async () => {
    const res = await nodeB.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(scriptA);

    const gz = await nodeB.app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const css = await nodeB.app.inject({ method: 'GET', url: '/assets/index-Ef56Gh78.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves its own assets and its own index.html', async () => {
    const own = await nodeB.app.inject({ method: 'GET', url: '/assets/index-Zz99Yy88.js' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe(IMMUTABLE);
    expect(own.body).toBe('console.log("build B");');
    const page = await nodeB.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.body).toContain('<title>build-b</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 to an asset no build published', async () => {
    const res = await nodeB.app.inject({ method: 'GET', url: '/assets/index-00000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });

  it('serves nothing outside the store’s assets folder', async () => {
    for (const url of [
      '/assets/../secret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/..%2fsecret.txt',
      '/assets/%2e%2e%2fsecret.txt',
      '/secret.txt',
    ]) {
      const res = await nodeB.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, leaked: res.body.includes('not an asset') }).toEqual({
        url,
        status: expect.any(Number),
        leaked: false,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it("keeps other builds' recent assets and removes those unpublished for ASSET_STORE_MAX_AGE_DAYS", async () => {
    const stored = path.join(store, 'assets');
    // Build A's CSS last published 3 days ago, its script 1 day ago.
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    utimesSync(path.join(stored, 'index-Ef56Gh78.css'), daysAgo(3), daysAgo(3));
    utimesSync(path.join(stored, 'index-Ab12Cd34.js'), daysAgo(1), daysAgo(1));
    await node(dist('build-c', { 'index-Cc33Cc33.js': 'console.log("build C");' }), {
      ASSET_STORE_MAX_AGE_DAYS: '2',
    });
    expect(existsSync(path.join(stored, 'index-Ef56Gh78.css'))).toBe(false);
    expect(readdirSync(stored).sort()).toEqual([
      'index-Ab12Cd34.js',
      'index-Ab12Cd34.js.gz',
      'index-Cc33Cc33.js',
      'index-Zz99Yy88.js',
    ]);
    expect((await nodeB.app.inject({ method: 'GET', url: '/assets/index-Ef56Gh78.css' })).statusCode).toBe(
      404,
    );
  });
});
