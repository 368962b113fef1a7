import autocannon from 'autocannon';

export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

export const CONNECTIONS = 10;
export const SECONDS = 5;
export const ROUNDS = 5;
const WARMUP_SECONDS = 1;

// A short warm-up (JIT, pool connections, plan cache), then a bounded 5 s run at 10 connections.
export async function measure(origin: string, target: Target): Promise<Measured> {
  const options = {
    url: origin + target.path,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    // Its own thread: the load generator must not share the server's event loop.
    workers: 1,
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
