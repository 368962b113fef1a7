import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type AssetStore, publishAssets, storedAssetsDir } from './asset-store';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');
// A path with an extension is a missing file, not a client-side route.
const looksLikeFile = (url: string) => /\/[^/]+\.[a-z0-9]+$/i.test(url);

/**
 * The HTML each client-side path starts from: the build prerenders some public pages, `/` into
 * index.html and `/login` into login.html, and writes the bare app as app.html for every other path
 * (scripts/prerender-plugin.ts). A build without those files answers every path with index.html.
 */
function pageFiles(distDir: string) {
  const files = readdirSync(distDir).filter((f) => f.endsWith('.html'));
  const byPath = new Map(files.map((f) => [`/${f.slice(0, -'.html'.length)}`, f]));
  const other = files.includes('app.html') ? 'app.html' : 'index.html';
  return (url: string) => (url === '/' ? 'index.html' : (byPath.get(url) ?? other));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

// Serves the built SPA (vite's dist/, legal texts in dist/content) and answers every other
// non-/api GET with the app's HTML so client-side routes survive a reload. With an asset store, an
// asset this build lacks is looked for there, among those other builds published (asset-store.ts).
export async function serveSpa(app: FastifyInstance, distDir: string, assetStore?: AssetStore) {
  const built = existsSync(path.join(distDir, 'index.html'));
  const fileFor = built ? pageFiles(distDir) : () => 'index.html';
  if (built && assetStore) {
    const { published, pruned } = await publishAssets(distDir, assetStore);
    app.log.info({ published, pruned, dir: assetStore.dir }, 'assets published to the asset store');
    const ownAssets = path.join(distDir, 'assets');
    // Its own first; only the store's assets/ folder, whatever else ASSET_STORE_DIR holds.
    await app.register(fastifyStatic, {
      root: [...(existsSync(ownAssets) ? [ownAssets] : []), storedAssetsDir(assetStore)],
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE);
      },
    });
  }
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // The build writes .br/.gz beside each file; serve those to clients that accept them.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Vite fingerprints everything in assets/, so those files never change.
        const immutable = file.startsWith(path.join(distDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (isApi(url) || !page || looksLikeFile(url)) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: `There is no ${request.method} ${url} here.` });
    }
    if (!built) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: 'The web app is not built yet: run `npm run build`.' });
    }
    return reply.header('cache-control', 'no-cache').sendFile(fileFor(url));
  });
}
