// `npm run build:server`: bundles the server's entry points (with contract/ and rules/, which it imports
// as TypeScript) into plain JavaScript in build/server/, for `node` itself to run: no TypeScript loader at
// run time, so signals reach the server and its memory is its own. Packages stay in node_modules.
// Output paths keep the sources' depth, so `import.meta.url` finds dist/ (../../dist) as it does from
// server/src/, and the migrations are copied beside the bundle, where db/client.ts looks for them.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverOut = path.join(root, 'build', 'server');

// Each one a command: the server, the migrations as their own deploy step, and a scheduled job run by hand.
const entryPoints = {
  main: 'server/src/main.ts',
  migrate: 'server/src/migrate.ts',
  'run-once': 'server/src/jobs/run-once.ts',
};

export async function buildServer(outdir = serverOut, entries: Record<string, string> = entryPoints) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'server', 'src', 'db', 'migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
}

/** The flags `npm run serve` gives node before build/server/main.js, for what starts the build the same way. */
export function serveFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = scripts.serve.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('build/server/main.js'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // An output folder may be given (scripts/check-rolling-upgrade.sh builds beside a checkout of its own).
  buildServer(process.argv[2] ? path.resolve(process.argv[2]) : serverOut).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
