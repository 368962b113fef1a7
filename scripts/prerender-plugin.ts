import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { AppShell, Prerendered } from '../src/prerender';
import { afterEarlyPaint, usageTemplate } from './early-usage.ts';

// The public pages a visitor can land on first, and the file each is written to (dist/); the server
// answers a path with its file when there is one (server/src/http/spa.ts), every other with app.html.
const PAGES: Record<string, string> = { '/': 'index.html', '/login': 'login.html' };
const APP_SHELL = 'app.html';
const ROOT = '<div id="root"></div>';

/**
 * After the browser build: renders the public pages to HTML from the app's own components (an SSR
 * build of src/prerender.tsx), so the first paint is the page itself; the browser hydrates it.
 * index.html's inline script empties #root when the visit is not the one rendered (another path, or
 * a stored session), and the app then renders from scratch. The app (app.html, every other path)
 * arrives showing its loading indicator, with the dashboard's styles, which its Emotion cache adopts.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'forwardly-prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    // Only a build that wrote its files has pages to render; a failed one shows its own error.
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      if (!written) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = mkdtempSync(path.join(os.tmpdir(), 'forwardly-prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          // Bundled whole: some dependencies ship browser-only ESM that Node cannot load as is.
          ssr: { noExternal: true },
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true },
        });
        const { prerenderPage, prerenderAppShell } = (await import(
          pathToFileURL(path.join(ssrDir, 'prerender.js')).href
        )) as {
          prerenderPage: (url: string) => Promise<Prerendered>;
          prerenderAppShell: () => Promise<AppShell>;
        };
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes(ROOT)) throw new Error(`prerender: index.html has no ${ROOT}`);
        // The app's loading indicator, with the styles of the page a signed-in visit opens (see
        // prerenderAppShell); the app replaces it rather than hydrating it.
        const shell = await prerenderAppShell();
        write(
          outDir,
          APP_SHELL,
          codeAfterEarlyPaint(template)
            .replace('</head>', `${shell.styles}</head>`)
            .replace(
              ROOT,
              `<div id="root" data-placeholder>${shell.html}</div>${usageTemplate(shell.usageCard)}`,
            ),
        );
        for (const [url, file] of Object.entries(PAGES)) {
          const { html, styles } = await prerenderPage(url);
          const page = scriptsAfterFirstPaint(template)
            .replace('</head>', `${styles}</head>`)
            .replace(ROOT, `<div id="root" data-prerendered="${url}">${html}</div>`);
          write(outDir, file, page);
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

const HEAD_SCRIPTS =
  /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">|<script>([\s\S]*?)<\/script>/g;

/**
 * A prerendered page needs no script to be seen: what the head would fetch and run (the entry, its
 * modulepreloads, the route-preload script) starts once the page has painted, from one inline
 * script at the end of <body>, so the download never stands between the visitor and the page.
 */
function scriptsAfterFirstPaint(template: string) {
  const [head, body] = template.split('</head>');
  const entries: string[] = [];
  const preloads: string[] = [];
  const inline: string[] = [];
  const bareHead = head.replace(HEAD_SCRIPTS, (_tag, entry?: string, preload?: string, code?: string) => {
    if (entry) entries.push(entry);
    else if (preload) preloads.push(preload);
    else inline.push(code!);
    return '';
  });
  if (entries.length !== 1) throw new Error(`prerender: expected one entry script, found ${entries.length}`);
  const load =
    `requestAnimationFrame(function(){setTimeout(function(){${inline.join(';')};` +
    `${JSON.stringify(preloads)}.forEach(function(f){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entries[0])};` +
    `document.head.appendChild(s)})})`;
  return `${bareHead}</head>${body.replace('</body>', `<script>${load}</script></body>`)}`;
}

const CODE =
  /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * app.html: a signed-in visit to the dashboard paints its usage card from the early answer before the
 * app's code is fetched (scripts/early-usage.ts), so the entry and its module preloads are added by an
 * inline script at the end of <body>, after that paint; on any other visit, at once.
 */
function codeAfterEarlyPaint(template: string) {
  const [head, body] = template.split('</head>');
  const entries: string[] = [];
  const preloads: string[] = [];
  const bareHead = head.replace(CODE, (_tag, entry?: string, preload?: string) => {
    if (entry) entries.push(entry);
    else preloads.push(preload!);
    return '';
  });
  if (entries.length !== 1) throw new Error(`prerender: expected one entry script, found ${entries.length}`);
  const start =
    `function(){${JSON.stringify(preloads)}.forEach(function(f){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entries[0])};` +
    `document.head.appendChild(s)}`;
  return `${bareHead}</head>${body.replace('</body>', `<script>${afterEarlyPaint(start)}</script></body>`)}`;
}

// With its .br and .gz beside it, as the compression plugin leaves every other file.
function write(outDir: string, file: string, html: string) {
  const target = path.join(outDir, file);
  writeFileSync(target, html);
  writeFileSync(`${target}.br`, brotliCompressSync(html));
  writeFileSync(`${target}.gz`, gzipSync(html));
}
