import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const workerFile = fileURLToPath(new URL('../mocks/public/mockServiceWorker.js', import.meta.url));

/**
 * MSW's service worker, served by the dev server only (`npm run dev:mock`): kept out of public/ so a
 * production build never ships a worker that could answer the app's requests with mock data.
 */
export function mockServiceWorker(): Plugin {
  return {
    name: 'forwardly-mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(readFileSync(workerFile));
      });
    },
  };
}
