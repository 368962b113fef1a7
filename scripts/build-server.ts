// `npm run build:server`: bundles the server's entry points (with contract/ and rules/, which it imports
// as TypeScript) into plain JavaScript in build/server/, for `node` itself to run: no TypeScript loader at
// run time, so signals reach the server and its memory is its own. Packages stay in node_modules.
// Output paths keep the sources' depth, so `import.meta.url` finds dist/ (../../dist) as it does from
// server/src/, and the migrations are copied beside the bundle, where db/client.ts looks for them.
// Every build has serve.sh and memory-flags.js, with which the built server is started (serveCommand).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
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
    entryPoints: { ...entries, 'memory-flags': 'server/src/memory/print-flags.ts' },
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
  cpSync(path.join(root, 'server', 'serve.sh'), path.join(outdir, 'serve.sh'));
}

/**
 * The command that starts a build's entry (main.js, or the bench's server) as `npm run serve` and the image
 * start main.js: serve.sh, which execs node with the memory flags, these flags, and the entry.
 */
export function serveCommand(outdir: string, entry: string, nodeFlags: string[] = []): [string, string[]] {
  return ['sh', [path.join(outdir, 'serve.sh'), ...nodeFlags, path.join(outdir, entry)]];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // An output folder may be given (scripts/check-rolling-upgrade.sh builds beside a checkout of its own).
  buildServer(process.argv[2] ? path.resolve(process.argv[2]) : serverOut).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
