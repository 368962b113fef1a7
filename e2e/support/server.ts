import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../../scripts/build-server';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const artifactsDir = path.join(repoRoot, 'e2e', '.artifacts');

/** Newest modification time under the given paths (files or folders), in ms. */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (file: string) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(repoRoot, p)));
  return newest;
}

/**
 * Builds what the image runs (`npm run build`): the SPA with vite, unless E2E_SKIP_BUILD=1 and dist/ is
 * newer than its sources, then the server's JavaScript (esbuild, a second or two, always).
 */
export function buildSpa() {
  buildWeb();
  const result = spawnSync(process.execPath, [tsxCli, path.join(repoRoot, 'scripts', 'build-server.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the server build failed (exit ${result.status})`);
}

const tsxCli = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function buildWeb() {
  const index = path.join(repoRoot, 'dist', 'index.html');
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(index)) {
    const sources = newestChange(['src', 'public', 'index.html', 'vite.config.ts', 'package.json']);
    if (statSync(index).mtimeMs >= sources) {
      console.log('[e2e] E2E_SKIP_BUILD=1 and dist/ is fresh: using it');
      return;
    }
    console.log('[e2e] E2E_SKIP_BUILD=1 but sources changed since the last build: building');
  }
  console.log('[e2e] building the SPA (vite build)…');
  const started = Date.now();
  const result = spawnSync(
    path.join(repoRoot, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server the e2e global setup started for this run (e2e/support/global-setup.ts): its address and
 * DATA_DIR reach the test workers through E2E_BASE_URL and E2E_DATA_DIR.
 */
export function e2eServer(): { baseUrl: string; dataDir: string } {
  const baseUrl = process.env.E2E_BASE_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!baseUrl || !dataDir)
    throw new Error('E2E_BASE_URL/E2E_DATA_DIR are not set: run the journeys with `npm run test:e2e`');
  return { baseUrl, dataDir };
}

interface RunningServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts the compiled server as the image does (`npm run serve`) on 127.0.0.1 with a fresh DATA_DIR and sandbox providers. */
export async function startServer(
  options: { label?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forwardly-e2e-'));
  mkdirSync(artifactsDir, { recursive: true });
  const logFile = path.join(artifactsDir, `${options.label ?? 'server'}.log`);
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    // Journeys sign in many times from one address; the limit itself is covered by the server's tests.
    AUTH_RATE_LIMIT: '100000',
    ...options.env,
  };
  // Sandbox providers are the defaults; never let a developer's real credentials leak in.
  for (const name of [
    'DATABASE_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'STRIPE_SECRET_KEY',
    'SMTP_URL',
    'REDIS_URL',
    'TELEPHONY',
    'BILLING',
    'MAIL',
  ]) {
    if (!(options.env && name in options.env)) delete env[name];
  }
  const [command, args] = serveCommand(path.join(repoRoot, 'build', 'server'), 'main.js');
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000);
      await exit;
      clearTimeout(timer);
    }
    log.end();
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, dataDir, logFile, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not become healthy at ${baseUrl}/api/health (see ${logFile})`);
}
