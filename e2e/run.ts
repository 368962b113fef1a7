// The e2e entry point (`npm run test:e2e [-- e2e/<file>.spec.ts ...]`): builds the SPA once, starts the
// real server on a free 127.0.0.1 port with a fresh DATA_DIR and sandbox providers, runs the spec files
// one at a time with node's test runner (each file opens one Chromium), and always stops the server.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buildSpa, repoRoot, startServer } from './support/server';

const requested = process.argv.slice(2).filter((arg) => arg.endsWith('.spec.ts'));
// Node test-runner options pass through, e.g. --test-name-pattern=onboarding.
const runnerOptions = process.argv.slice(2).filter((arg) => arg.startsWith('--test-'));
const specs = requested.length
  ? requested.map((file) => path.resolve(file))
  : readdirSync(path.join(repoRoot, 'e2e'))
      .filter((file) => file.endsWith('.spec.ts'))
      .sort()
      .map((file) => path.join(repoRoot, 'e2e', file));

buildSpa();
const server = await startServer();
console.log(`[e2e] server at ${server.baseUrl}, DATA_DIR ${server.dataDir}, log ${server.logFile}`);

let exitCode: number;
let child: ReturnType<typeof spawn> | undefined;
const stopAll = async (signal: NodeJS.Signals) => {
  child?.kill(signal);
  await server.stop();
  process.exit(130);
};
process.once('SIGINT', () => void stopAll('SIGINT'));
process.once('SIGTERM', () => void stopAll('SIGTERM'));

try {
  exitCode = await new Promise<number>((resolve) => {
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=1',
        '--test-reporter=spec',
        ...runnerOptions,
        ...specs,
      ],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_DATA_DIR: server.dataDir },
      },
    );
    child.once('exit', (code) => resolve(code ?? 1));
  });
} finally {
  await server.stop();
}
console.log(
  exitCode === 0
    ? '[e2e] all journeys passed'
    : `[e2e] failed (exit ${exitCode}); server log: ${server.logFile}`,
);
process.exit(exitCode);
