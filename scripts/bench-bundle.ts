// npm run bench:bundle — builds the web app and measures, for each first page of a visit, the JavaScript
// it loads before it is interactive: the entry chunk and its static imports (modulepreloaded by
// index.html), plus the page's lazy chunks (as the route preloader lists them) and their static imports.
// Sizes are gzip (zlib default level, as a server compresses on the fly), in kB of 1000 bytes like
// Vite's own report. Each page has its budget; exits 1 when one is over.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { signedIn, signedOut } from './route-preload-plugin.ts';

// The landing page's budget (issue 15), and the signed-in dashboard's, set at what it loads on
// 2026-11-28 (its first page with the texts panel) plus 5 kB, so a regression fails the bench.
const PAGES = [
  { name: 'the landing page (/)', modules: signedOut['/'], budgetKb: 170 },
  { name: 'the signed-in dashboard (/dashboard)', modules: signedIn['*'], budgetKb: 250 },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const outDir = mkdtempSync(join(tmpdir(), 'forwardly-bundle-'));

const kb = (bytes: number) => (bytes / 1000).toFixed(2).padStart(8);

/** A chunk and everything it imports statically (what the browser fetches before running it). */
const withStaticImports = (manifest: Manifest, key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
};

try {
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('No entry in the manifest');
  const gzipOf = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;

  for (const page of PAGES) {
    const missing = page.modules.filter((module) => !manifest[module]);
    if (missing.length) throw new Error(`No chunk for ${missing.join(', ')} in the manifest`);
    let keys = withStaticImports(manifest, entry);
    for (const module of page.modules) keys = withStaticImports(manifest, module, keys);
    const rows = [...keys]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, raw: readFileSync(join(outDir, file)).length, gzip: gzipOf(file) }))
      .sort((a, b) => b.gzip - a.gzip);
    const total = rows.reduce((sum, row) => sum + row.gzip, 0);
    console.log(`JavaScript ${page.name} loads before it is interactive:\n`);
    console.log(`${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}  file`);
    for (const row of rows) console.log(`${kb(row.raw)} ${kb(row.gzip)}  ${row.file}`);
    console.log(`\nTotal: ${kb(total).trim()} kB gzip over ${rows.length} files (budget ${page.budgetKb} kB)\n`);
    if (total > page.budgetKb * 1000) {
      console.error(`${page.name} is over its budget by ${kb(total - page.budgetKb * 1000).trim()} kB.\n`);
      process.exitCode = 1;
    }
  }
  const largest = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({ file: chunk.file, gzip: gzipOf(chunk.file) }))
    .sort((a, b) => b.gzip - a.gzip)[0];
  console.log(`Largest chunk in the build: ${largest.file} ${kb(largest.gzip).trim()} kB gzip`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
