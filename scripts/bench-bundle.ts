// npm run bench:bundle — builds the web app and measures the JavaScript the landing page loads before it is
// interactive: the entry chunk and its static imports (modulepreloaded by index.html), plus the lazy
// LandingPage chunk and its static imports. Sizes are gzip (zlib default level, as a server compresses on the
// fly), in kB of 1000 bytes like Vite's own report. Exits 1 when the total is over the budget.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_KB = 170;
const LANDING = 'src/features/landing/LandingPage.tsx';

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
  if (!entry || !manifest[LANDING]) throw new Error(`No entry or no ${LANDING} chunk in the manifest`);

  const keys = withStaticImports(manifest, LANDING, withStaticImports(manifest, entry));
  const gzipOf = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
  const rows = [...keys]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, raw: readFileSync(join(outDir, file)).length, gzip: gzipOf(file) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const allChunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const largestInBuild = allChunks
    .map((chunk) => ({ file: chunk.file, gzip: gzipOf(chunk.file) }))
    .sort((a, b) => b.gzip - a.gzip)[0];

  console.log('JavaScript the landing page loads before it is interactive:\n');
  console.log(`${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}  file`);
  for (const row of rows) console.log(`${kb(row.raw)} ${kb(row.gzip)}  ${row.file}`);
  console.log(`\nTotal: ${kb(total).trim()} kB gzip over ${rows.length} files (budget ${BUDGET_KB} kB)`);
  console.log(`Largest chunk the landing page loads: ${rows[0].file} ${kb(rows[0].gzip).trim()} kB gzip`);
  console.log(`Largest chunk in the build: ${largestInBuild.file} ${kb(largestInBuild.gzip).trim()} kB gzip`);
  if (total > BUDGET_KB * 1000) {
    console.error(`\nOver budget by ${kb(total - BUDGET_KB * 1000).trim()} kB.`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
