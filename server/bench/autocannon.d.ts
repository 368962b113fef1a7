// The slice of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    // Each connection sends these in turn, over and over.
    requests?: Request[];
    connections?: number;
    duration?: number;
    workers?: number;
    timeout?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    // `total`: how many requests were answered.
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    errors: number;
    timeouts: number;
  }
  // Awaitable for the result; emits each response (status, bytes, time in ms) as it comes.
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
