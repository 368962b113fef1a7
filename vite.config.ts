import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { mockServiceWorker } from './scripts/mock-worker-plugin.ts';
import { prerender } from './scripts/prerender-plugin.ts';
import { routePreload } from './scripts/route-preload-plugin.ts';
import { pageChunks } from './scripts/page-chunks-plugin.ts';

export default defineConfig({
  // .br and .gz beside each asset; the server sends them as they are (preCompressed).
  plugins: [
    react(),
    pageChunks(),
    routePreload(),
    prerender(),
    mockServiceWorker(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
      '@rules': fileURLToPath(new URL('./rules', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    host: '127.0.0.1',
    // `npm run dev` talks to the API server (`npm run serve`) on its default port.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { target: 'es2022', sourcemap: false },
});
