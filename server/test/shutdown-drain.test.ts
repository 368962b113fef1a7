import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer, serveCommand } from '../../scripts/build-server';
import { openTestDatabase } from './helpers/database';

const repoRoot = path.resolve(__dirname, '../..');

jest.setTimeout(240_000);

// SIGTERM under load, to the compiled server started as the image starts it (serve.sh, `npm run serve`): the node
// turns unready while it still serves, finishes every request it accepted (none reset, none refused
// with 5xx), lets the rest find its port closed, and exits 0.
const PASSWORD = 'drain under load 2026';
// How long after the node turns unready a load balancer still sends it requests (SHUTDOWN_DELAY_MS is longer).
const LB_LAG_MS = 500;

interface Outcome {
  kind: string;
  started: number;
  ended: number;
  status?: number;
  error?: string;
}

let workDir: string;
const databases: (() => Promise<void>)[] = [];
const servers: ChildProcess[] = [];

beforeAll(async () => {
  // Inside the repository (build/ is ignored), where the bundle's packages resolve to node_modules.
  mkdirSync(path.join(repoRoot, 'build'), { recursive: true });
  workDir = mkdtempSync(path.join(repoRoot, 'build', 'drain-test-'));
  await buildServer(path.join(workDir, 'build'));
});

afterAll(async () => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
  for (const close of databases) await close();
  rmSync(workDir, { recursive: true, force: true });
});

/** Starts the compiled server with these shutdown timings, on a database of its own. */
async function startServer(name: string, shutdown: { delayMs: number; timeoutMs: number }) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(workDir, name),
    AUTH_RATE_LIMIT: '1000000',
    SHUTDOWN_DELAY_MS: String(shutdown.delayMs),
    SHUTDOWN_TIMEOUT_MS: String(shutdown.timeoutMs),
  };
  if (process.env.DATABASE_URL) {
    // A migrated copy of its own: pg-boss starts on it too, as in production.
    const database = await openTestDatabase();
    env.DATABASE_URL = database.url;
    databases.push(() => database.close());
  }
  const [command, args] = serveCommand(path.join(workDir, 'build'), 'main.js');
  const server = spawn(command, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  const log: string[] = [];
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  // Fastify logs the address it listens on (PORT=0: one the system chose).
  let origin = '';
  for await (const line of createInterface({ input: server.stdout })) {
    log.push(line);
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
    if (listening) {
      origin = listening[1];
      break;
    }
  }
  if (!origin) throw new Error(`the server did not start:\n${log.join('\n')}`);
  server.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { server, origin, exited, log };
}

const post = (origin: string, url: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A new account on the server, signed in: its email and access token. */
async function signedIn(origin: string, name: string) {
  const email = `${name}-${Date.now()}@example.com`;
  const registered = await post(origin, '/api/auth/register', {
    name: 'Drain Test',
    email,
    password: PASSWORD,
    acceptTerms: true,
  });
  expect(registered.status).toBe(201);
  const login = await post(origin, '/api/auth/login', { email, password: PASSWORD });
  const { access_token } = (await login.json()) as { access_token: string };
  return { email, access_token };
}

it('turns unready, finishes every accepted request and exits 0 on SIGTERM under load', async () => {
  const { server, origin, exited, log } = await startServer('drain', { delayMs: 1500, timeoutMs: 20_000 });
  const { email, access_token } = await signedIn(origin, 'drain');

  // A mix with a slow request (sign-in: an Argon2id hash, tens to hundreds of ms) always in flight.
  const requests: Record<string, () => Promise<Response>> = {
    login: () => post(origin, '/api/auth/login', { email, password: PASSWORD }),
    health: () => fetch(`${origin}/api/health`),
    calls: () =>
      fetch(`${origin}/api/dashboard/calls`, { headers: { authorization: `Bearer ${access_token}` } }),
    live: () => fetch(`${origin}/api/health/live`),
  };
  const outcomes: Outcome[] = [];
  // The clients stand for a load balancer: they send until LB_LAG_MS after its health check first sees
  // the node unready (then they would go to another node), without waiting for the port to close.
  let unreadySince: number | undefined;
  const sending = () => unreadySince === undefined || performance.now() < unreadySince + LB_LAG_MS;
  const worker = async (kinds: string[]) => {
    for (let i = 0; sending(); i++) {
      const kind = kinds[i % kinds.length];
      const started = performance.now();
      try {
        const response = await requests[kind]();
        await response.arrayBuffer();
        outcomes.push({ kind, started, ended: performance.now(), status: response.status });
      } catch (error) {
        const code = String((error as { cause?: { code?: string } }).cause?.code ?? error);
        outcomes.push({ kind, started, ended: performance.now(), error: code });
      }
    }
  };
  const readiness: { at: number; answeredAt: number; status: number | string }[] = [];
  const pollReady = async () => {
    while (sending()) {
      const at = performance.now();
      const status = await fetch(`${origin}/api/health/ready`).then(
        (r) => r.status,
        (error: { cause?: { code?: string } }) => error.cause?.code ?? 'error',
      );
      readiness.push({ at, answeredAt: performance.now(), status });
      if (status === 503) unreadySince ??= performance.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const load = Promise.all([
    worker(['login']),
    worker(['login']),
    worker(['health', 'calls', 'live']),
    worker(['calls', 'health']),
    worker(['live', 'calls']),
    worker(['health', 'login', 'calls']),
    pollReady(),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const signalledAt = performance.now();
  server.kill('SIGTERM');
  await load;
  const code = await exited;

  // Some requests were under way when the signal came; others were sent while the node drained.
  expect(outcomes.filter((o) => o.started < signalledAt && o.ended > signalledAt).length).toBeGreaterThan(0);
  expect(outcomes.filter((o) => o.started > unreadySince!).length).toBeGreaterThan(0);
  // Every request was answered, and answered 2xx: none reset, none refused by a closing server.
  expect(outcomes.filter((o) => o.error || o.status! >= 300)).toEqual([]);
  // Ready until the signal (a check answered before it; one in flight across it may see either), then
  // 503 (and only 503) while it still served.
  expect(readiness.filter((r) => r.answeredAt < signalledAt).map((r) => r.status)).not.toContain(503);
  expect(readiness.filter((r) => r.at > signalledAt + 100).map((r) => r.status)).toEqual(
    expect.arrayContaining([503]),
  );
  expect(readiness.filter((r) => r.at > unreadySince!).every((r) => r.status === 503)).toBe(true);
  expect(code).toBe(0);
  expect(log.join('\n')).toContain('drained and closed');
  // The port is closed.
  await expect(fetch(`${origin}/api/health/live`)).rejects.toThrow();
});

it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed without finishing', async () => {
  // The delay alone outlasts the bound.
  const { server, origin, exited, log } = await startServer('bound', { delayMs: 60_000, timeoutMs: 1000 });
  expect((await fetch(`${origin}/api/health/ready`)).status).toBe(200);
  server.kill('SIGTERM');
  expect(await exited).toBe(1);
  expect(log.join('\n')).toContain('shutdown took over 1000 ms: exiting without finishing');
});

it('exits 1 at once on a second signal while it drains', async () => {
  // Neither the delay nor the bound would end it within the test.
  const { server, origin, exited, log } = await startServer('again', { delayMs: 60_000, timeoutMs: 60_000 });
  expect((await fetch(`${origin}/api/health/ready`)).status).toBe(200);
  server.kill('SIGTERM');
  // Draining: unready, still serving.
  while ((await fetch(`${origin}/api/health/ready`)).status !== 503) await sleep(20);
  server.kill('SIGINT');
  expect(await exited).toBe(1);
  expect(log.join('\n')).toContain('SIGINT received again: exiting without finishing');
  expect(log.join('\n')).not.toContain('shutdown took over');
});

it('ends the open call histories’ event streams and exits 0 on SIGTERM, the clients’ connections kept alive', async () => {
  const { server, origin, exited, log } = await startServer('streams', { delayMs: 0, timeoutMs: 15_000 });
  const { access_token } = await signedIn(origin, 'streams');
  // A client that keeps its connection alive, as a load balancer's pool does: once the stream ends,
  // the connection stays open unless the node closes it.
  const agent = new http.Agent({ keepAlive: true });
  const events = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(
        `${origin}/api/dashboard/call-events`,
        { agent, headers: { authorization: `Bearer ${access_token}` } },
        resolve,
      )
      .on('error', reject),
  );
  expect(events.statusCode).toBe(200);
  const received: string[] = [];
  const closed = new Promise((resolve) => events.on('close', resolve));
  events.on('data', (chunk: Buffer) => received.push(chunk.toString()));
  while (!received.join('').includes(': open')) await sleep(10);
  server.kill('SIGTERM');
  // The stream ends (the browser reconnects to another node), and the node exits 0 well within its bound.
  await closed;
  // Ended by the node, not cut off by its exit.
  expect(events.complete).toBe(true);
  expect(await exited).toBe(0);
  agent.destroy();
  expect(log.join('\n')).toContain('drained and closed');
});
