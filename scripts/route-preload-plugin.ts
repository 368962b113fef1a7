import type { Plugin, Rollup } from 'vite';

type Routes = Record<string, string[]>;

// The page modules a first visit to each path renders (src/app/routes.tsx); keep in step with it.
const guarded = (page: string) => ['src/features/billing/SubscriptionGuard.tsx', page];
const signedOut: Routes = {
  '/': ['src/features/landing/LandingPage.tsx'],
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/signup': ['src/features/onboarding/SignupPage.tsx'],
  '/forgot-password': ['src/features/auth/ForgotPasswordPage.tsx'],
  '/reset-password': ['src/features/auth/ResetPasswordPage.tsx'],
};
const signedIn: Routes = {
  '*': [...guarded('src/features/calls/DashboardPage.tsx'), 'src/features/calls/CallHistory.tsx'],
  '/settings': guarded('src/features/settings/SettingsPage.tsx'),
};

/**
 * The current page's lazy chunks are otherwise requested only once the entry script has downloaded
 * and run; an inline script in index.html preloads them from the start, beside the entry.
 */
export function routePreload(): Plugin {
  return {
    name: 'forwardly-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        // The entry and what it imports are in index.html already.
        const entry = chunks.find((c) => c.isEntry)!;
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const filesOf = (modules: string[]) => {
          const files = new Set<string>();
          const add = (chunk: Rollup.OutputChunk) => {
            if (loaded.has(chunk.fileName) || files.has(`/${chunk.fileName}`)) return;
            files.add(`/${chunk.fileName}`);
            for (const name of chunk.imports) {
              const imported = bundle[name];
              if (imported?.type === 'chunk') add(imported);
            }
          };
          for (const module of modules) {
            const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
            if (!chunk) throw new Error(`route preload: no chunk for ${module}`);
            add(chunk);
          }
          return [...files];
        };
        const table = (routes: Routes) =>
          Object.fromEntries(Object.entries(routes).map(([route, modules]) => [route, filesOf(modules)]));
        const map = JSON.stringify({ in: table(signedIn), out: table(signedOut) });
        const script =
          `(function(m){var r=localStorage.getItem('access_token')?m.in:m.out;` +
          `(r[location.pathname]||r['*']||[]).forEach(function(f){var l=document.createElement('link');` +
          `l.rel='modulepreload';l.href=f;document.head.appendChild(l)})})(${map})`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}
