import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { runJob } from '../src/jobs/run-job';
import type { Job, JobDeps } from '../src/jobs/schedule';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';

// GET /metrics: Prometheus's text format, read from this machine or with METRICS_TOKEN; every
// answer carries a request id, the proxy's when it is well-formed.
let ctx: TestContext;
const TOKEN = 'a-metrics-token-long-enough';

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  // A route that fails as a bug would: the 5xx counter must see it.
  ctx.app.get('/api/test-failure', async () => {
    throw new Error('a bug');
  });
});
afterAll(() => ctx.close());

const scrape = async () => {
  const answer = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
};

it('counts and times requests by method, route pattern and status, and counts 5xx apart', async () => {
  const user = await signUpAndLogin(ctx.app);
  await ctx.app.inject({ method: 'GET', url: '/api/health' });
  await ctx.app.inject({ method: 'GET', url: '/api/health' });
  await ctx.app.inject({
    method: 'GET',
    url: '/api/dashboard/calls/0b6d1c1e-0000-4000-8000-000000000001',
    headers: user.headers,
  });
  await ctx.app.inject({ method: 'GET', url: '/api/no-such-route-7731' });
  await ctx.app.inject({ method: 'GET', url: '/api/test-failure' });

  const body = await scrape();
  expect(body).toContain(
    'forwardly_http_requests_total{method="GET",route="/api/health",status_code="200"} 2',
  );
  expect(body).toContain(
    'forwardly_http_requests_total{method="POST",route="/api/auth/login",status_code="200"} 1',
  );
  expect(body).toMatch(
    /^forwardly_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/health",status_code="200"\} 2$/m,
  );
  expect(body).toContain('forwardly_http_requests_total{method="GET",route="/api/dashboard/calls/:id",');
  expect(body).toContain('route="unmatched",status_code="404"} 1');
  // The URLs asked never become labels: only their patterns.
  expect(body).not.toContain('0b6d1c1e');
  expect(body).not.toContain('no-such-route-7731');
  expect(body).toContain(
    'forwardly_http_errors_total{method="GET",route="/api/test-failure",status_code="500"} 1',
  );
  expect(body).not.toMatch(/forwardly_http_errors_total\{[^}]*status_code="[234]/);
});

it("times the providers' webhooks", async () => {
  await ctx.app.inject({ method: 'POST', url: '/api/twilio/voice', payload: {} });
  expect(await scrape()).toMatch(/^forwardly_webhook_duration_seconds_count\{provider="twilio"\} 1$/m);
});

it('counts job runs and failures by job', async () => {
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const deps = ctx.deps as unknown as JobDeps;
  const job = (name: string, run: Job['run']): Job => ({ name, cron: '* * * * *', run });
  await runJob(
    job('metrics-test-job', async () => ({})),
    deps,
    log,
  );
  await runJob(
    job('metrics-test-job', async () => ({})),
    deps,
    log,
  );
  const failing = job('metrics-test-job', () => Promise.reject(new Error('down')));
  await expect(runJob(failing, deps, log)).rejects.toThrow('down');

  const body = await scrape();
  expect(body).toContain('forwardly_job_runs_total{job="metrics-test-job",outcome="done"} 2');
  expect(body).toContain('forwardly_job_runs_total{job="metrics-test-job",outcome="failed"} 1');
});

it('reports the state: limits in memory without Redis, the pending charges, the pool on Postgres, the process', async () => {
  const body = await scrape();
  expect(body).toMatch(/^forwardly_limits_in_memory 1$/m);
  expect(body).toMatch(/^forwardly_charges_pending 0$/m);
  expect(body).toMatch(/^forwardly_charges_given_up 0$/m);
  expect(body).toMatch(/^forwardly_charges_pending_oldest_seconds 0$/m);
  if (process.env.DATABASE_URL) {
    expect(body).toMatch(/^forwardly_db_pool_connections [1-9]\d*$/m);
    expect(body).toMatch(/^forwardly_db_pool_idle \d+$/m);
    expect(body).toMatch(/^forwardly_db_pool_waiting 0$/m);
  } else {
    expect(body).not.toContain('forwardly_db_pool');
  }
  expect(body).toMatch(/^process_resident_memory_bytes \d+$/m);
  expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
});

describe('who may read /metrics', () => {
  const read = (options: { remoteAddress?: string; headers?: Record<string, string> }) =>
    ctx.app.inject({ method: 'GET', url: '/metrics', ...options });

  it('this machine, directly', async () => {
    expect((await read({ remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await read({ remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('not the public, whether direct or through a proxy on this machine', async () => {
    expect((await read({ remoteAddress: '203.0.113.7' })).statusCode).toBe(403);
    const proxied = await read({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.body).not.toContain('forwardly_');
  });

  it('a scraper elsewhere with the metrics token, and not with another', async () => {
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await read({ remoteAddress: '203.0.113.7', headers: bearer(TOKEN) })).statusCode).toBe(200);
    expect((await read({ remoteAddress: '203.0.113.7', headers: bearer(`${TOKEN}x`) })).statusCode).toBe(403);
    expect((await read({ remoteAddress: '127.0.0.1', headers: bearer('wrong') })).statusCode).toBe(403);
  });
});

describe('request ids', () => {
  const ask = (id?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: id === undefined ? {} : { 'x-request-id': id },
    });

  it("returns the proxy's id when it is well-formed", async () => {
    const id = 'edge-7f3a_01.HX';
    expect((await ask(id)).headers['x-request-id']).toBe(id);
    const longest = 'a'.repeat(128);
    expect((await ask(longest)).headers['x-request-id']).toBe(longest);
  });

  it('replaces a missing or malformed one with a new id', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const bad of [undefined, '', 'has space', 'semi;colon', '<script>', 'a'.repeat(129)]) {
      const returned = (await ask(bad)).headers['x-request-id'];
      expect(returned).toMatch(uuid);
    }
    const [a, b] = await Promise.all([ask(), ask()]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('returns it on refusals too, and logs it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write: (chunk: Buffer, _enc, done) => done(void lines.push(chunk.toString())),
    });
    const logged = await buildApp(ctx.deps, { logger: { level: 'info', stream } });
    try {
      const answer = await logged.inject({
        method: 'GET',
        url: '/api/dashboard/calls/0b6d1c1e-0000-4000-8000-000000000001',
        headers: { 'x-request-id': 'proxy-id-42' },
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['x-request-id']).toBe('proxy-id-42');
      const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
      expect(entries.filter((e) => e.reqId === 'proxy-id-42').map((e) => e.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    } finally {
      await logged.close();
    }
  });
});
