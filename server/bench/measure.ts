import autocannon, { type Request } from 'autocannon';
import { cpuTimes } from './cpu';

export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  // Sent in turn instead of path/body (each connection cycles through them): many accounts' requests.
  requests?: Request[];
  // The target: ratio to the one-query route's req/s, and p99.
  goal?: { percent: number; p99: number };
}

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  // CPU µs per request of the server's main thread and of Postgres (null where not measured).
  serverUs: number | null;
  postgresUs: number | null;
}

export const CONNECTIONS = 10;
// Many short slots rather than a few long ones: the other agents' bursts on the shared machine
// then land in a minority of a route's slots, and the medians leave them out.
export const SECONDS = 2;
export const ROUNDS = 10;

function options(origin: string, target: Target) {
  return {
    url: origin + target.path,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    requests: target.requests,
    connections: CONNECTIONS,
    // Its own thread: the load generator must not share the server's event loop.
    workers: 1,
  };
}

// Once per route before the rounds: JIT, pool connections, prepared statements.
export async function warmUp(origin: string, target: Target): Promise<void> {
  await autocannon({ ...options(origin, target), duration: 1 });
}

/**
 * One bounded slot at 10 connections; `postgres` when the database is a Postgres server of this
 * machine, whose processes' CPU time then counts.
 */
export async function measure(origin: string, target: Target, cpu: { postgres: boolean }): Promise<Measured> {
  const before = cpuTimes(cpu);
  const result = await autocannon({ ...options(origin, target), duration: SECONDS });
  const after = cpuTimes(cpu);
  const perRequest = (spent?: number | null, since?: number | null) =>
    spent == null || since == null
      ? null
      : Math.round(((spent - since) * 1000) / Math.max(1, result.requests.total));
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    serverUs: perRequest(after?.server, before?.server),
    postgresUs: perRequest(after?.postgres, before?.postgres),
  };
}
