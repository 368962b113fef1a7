import path from 'node:path';
import type { Plugin } from 'vite';
import { APP_START, APP_STORE, bootChunks, chunkOf, staticChunks } from './chunk-graph.ts';
import { signedIn as signedInRoutes, signedOut } from './route-preload-plugin.ts';

// The first pages of a visit (src/app/routes.tsx), as the route preloader lists them.
const LANDING = signedOut['/'][0];
const LOGIN = signedOut['/login'][0];
const SIGNED_IN = [...new Set(Object.values(signedInRoutes).flat())];
const GROUPS = ['forms', 'shared', 'signed-in'] as const;
// The store's part of the app's start, which the entry imports first (src/main.tsx).
const STORE = 'store';
type Group = (typeof GROUPS)[number] | typeof STORE;

/**
 * Fewer, larger chunks for a signed-in visit. Left to the bundler (one chunk per set of pages that
 * share a module), the dashboard fetched 28 scripts (20 now); over HTTP/1.1 a browser runs 6 requests
 * at a time, each a round trip, before the page can paint. A module goes to the first of these that
 * reaches it through static imports:
 * - `store`: what the store's start module (src/app/startStore.ts, which the entry imports before
 *   the app's start) adds to the entry: Redux Toolkit, RTK Query, the store. One chunk, as the
 *   bundler's shared chunks before it (its evaluation is one task anyway);
 * - the entry, the app's start module (which the entry imports) and the landing page: left to the
 *   bundler, so `/` loads what it did;
 * - `forms`: what `/login` adds to them (MUI's inputs and buttons), its own page aside;
 * - `shared`: what the other signed-out pages share with the signed-in ones;
 * - `signed-in`: the signed-in pages' own code.
 * What one signed-out page uses alone, and what loads later (the call dialog), stays as the bundler
 * splits it. Static imports over-approximate what the entry keeps after tree-shaking, so a few small
 * modules it drops are still split on their own.
 */
export function pageChunks(): Plugin {
  const groupOf = new Map<string, Group>();
  let root = '';
  return {
    name: 'forwardly-page-chunks',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Dependencies too would pull the entry's own modules (React, MUI's styling) into a
              // group, and the landing page would then load it.
              includeDependenciesRecursively: false,
              groups: [STORE, ...GROUPS].map((name) => ({
                name,
                test: (id: string) => groupOf.get(id) === name,
              })),
            },
          },
        },
      },
    }),
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (starts: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          info(id)?.importedIds.forEach(visit);
        };
        starts.forEach(visit);
        return seen;
      };
      const resolve = (file: string) => {
        const id = path.resolve(root, file);
        if (!info(id)) this.error(`page chunks: ${file} is not in the build`);
        return id;
      };
      const [landing, login, start, store] = [LANDING, LOGIN, APP_START, APP_STORE].map(resolve);
      const signedIn = SIGNED_IN.map(resolve);
      const signedInCode = closure(signedIn);
      // Pages a visit loads without a signed-in page: lazy imports made from outside them.
      const otherPages = ids.filter(
        (id) =>
          ![landing, login, start, store, ...signedIn].includes(id) &&
          !!info(id)?.dynamicImporters.some((from) => !signedInCode.has(from)),
      );
      // The entry imports the app's start module dynamically: every page loads it, as the entry.
      const entryCode = closure(ids.filter((id) => info(id)?.isEntry));
      const landingCode = closure([...entryCode, start, store, landing]);
      const sharedCode = closure(otherPages);
      groupOf.clear();
      for (const id of closure([store])) if (!entryCode.has(id)) groupOf.set(id, STORE);
      for (const id of closure([login])) if (!landingCode.has(id) && id !== login) groupOf.set(id, 'forms');
      for (const id of signedInCode) {
        if (landingCode.has(id) || groupOf.has(id)) continue;
        groupOf.set(id, sharedCode.has(id) ? 'shared' : 'signed-in');
      }
    },
    // The promise above, checked: the entry, the app's start and the landing page load none of the groups.
    generateBundle(_, bundle) {
      const loaded = staticChunks(bundle, [...bootChunks(bundle), chunkOf(bundle, LANDING)]);
      const grouped = [...loaded].filter((chunk) => (GROUPS as readonly string[]).includes(chunk.name));
      if (grouped.length)
        this.error(`page chunks: the landing page would load ${grouped.map((c) => c.fileName).join(', ')}`);
    },
  };
}
