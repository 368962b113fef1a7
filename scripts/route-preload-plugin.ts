import type { Plugin } from 'vite';
import {
  DASHBOARD_REQUESTS,
  EARLY_PAINT,
  EARLY_RESPONSES,
  USAGE_REQUEST,
} from '../src/store/earlyResponses.ts';
import { afterEarlyPaint, paintEarlyUsage } from './early-usage.ts';
import { firstVisitsSignedIn, firstVisitsSignedOut } from '../src/app/pageManifest.ts';
import { chunkOf, entryChunks, startChunks, staticChunks } from './chunk-graph.ts';

type Routes = Record<string, string[]>;

// The source files a first visit to each path renders (src/app/pageManifest.ts).
const files = (visits: Routes): Routes =>
  Object.fromEntries(
    Object.entries(visits).map(([route, modules]) => [route, modules.map((m) => `src/${m}.tsx`)]),
  );
export const signedOut = files(firstVisitsSignedOut);
export const signedIn = files(firstVisitsSignedIn);

// A signed-in visit to the dashboard also starts its data requests (src/store/earlyResponses.ts),
// each marked handled so one the app never takes cannot report an unhandled rejection. The usage
// answer, read from a copy (the app reads the answer itself), paints the usage card once the
// document is parsed (scripts/early-usage.ts); the app's code is fetched once that is done
// (EARLY_PAINT), or after 1 s if the answer has not come (a slow API must not hold the app back
// longer than the paint could gain).
const earlyRequests = (apiBase: string) =>
  `var t=localStorage.getItem('access_token');if(t&&location.pathname==='/dashboard'){` +
  `var e=window.${EARLY_RESPONSES}={};${JSON.stringify(DASHBOARD_REQUESTS)}.forEach(function(p){` +
  `var u=new URL(${JSON.stringify(apiBase)}+p,location.href).href;` +
  `var r=fetch(u,{headers:{Authorization:'Bearer '+t}});r.catch(function(){});e[u]={token:t,response:r};` +
  `if(p!==${JSON.stringify(USAGE_REQUEST)})return;` +
  `var w=r.then(function(x){return x.ok?x.clone().json():null}).then(function(a){return new Promise(function(d){` +
  `var f=function(){try{(${paintEarlyUsage})(a)}finally{d()}};` +
  `document.readyState==='loading'?document.addEventListener('DOMContentLoaded',f):f()})}).catch(function(){});` +
  `window.${EARLY_PAINT}=Promise.race([w,new Promise(function(d){setTimeout(d,1000)})])})}`;

/**
 * The app's start chunks (src/app/startStore.ts and src/app/start.tsx, imported dynamically by the
 * entry) are preloaded by `modulepreload`s beside the entry's own. The current page's lazy chunks are otherwise requested only
 * once the entry script has downloaded and run; an inline script in index.html preloads them beside the entry (on the dashboard, after its
 * early usage card), and starts the dashboard's data requests.
 */
export function routePreload(): Plugin {
  let apiBase = '/api';
  return {
    name: 'forwardly-route-preload',
    apply: 'build',
    configResolved(config) {
      apiBase = (config.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/$/, '') || '/api';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        // The entry and what it imports are in index.html already; the app's start chunks, which the
        // entry imports dynamically, and what they import are added beside them, for every path.
        const [entry] = entryChunks(bundle);
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const start = [...staticChunks(bundle, startChunks(bundle), loaded)].map((c) => c.fileName);
        start.forEach((file) => loaded.add(file));
        const filesOf = (modules: string[]) => {
          const roots = modules.map((module) => chunkOf(bundle, module));
          return [...staticChunks(bundle, roots, loaded)].map((chunk) => `/${chunk.fileName}`);
        };
        const table = (routes: Routes) =>
          Object.fromEntries(Object.entries(routes).map(([route, modules]) => [route, filesOf(modules)]));
        const map = JSON.stringify({ in: table(signedIn), out: table(signedOut) });
        const preload =
          `function(){var m=${map},r=localStorage.getItem('access_token')?m.in:m.out;` +
          `(r[location.pathname]||r['*']||[]).forEach(function(f){var l=document.createElement('link');` +
          `l.rel='modulepreload';l.href=f;document.head.appendChild(l)})}`;
        const script = `${earlyRequests(apiBase)};${afterEarlyPaint(preload)}`;
        const startPreloads = start.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
        return {
          html,
          tags: [...startPreloads, { tag: 'script', children: script, injectTo: 'head' }],
        };
      },
    },
  };
}
