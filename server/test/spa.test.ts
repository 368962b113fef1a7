import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    deps: (config) => {
      const distDir = path.join(config.dataDir, 'dist');
      mkdirSync(path.join(distDir, 'content'), { recursive: true });
      writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Forwardly</title>');
      writeFileSync(path.join(distDir, 'content', 'terms.md'), '# Terms of Service');
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
