import { createServer, type Server, type Socket } from 'node:net';
import { postgresDatabase } from '../src/db/client';
import { createTestApp, type TestContext } from './helpers/app';

// What a load balancer asks a node: live (the process answers) and ready (it can serve now: not
// draining, the database and Redis each answering within a second). Needs the local Redis (REDIS_URL,
// or 127.0.0.1:6379) for the case with Redis.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// A server that accepts connections and never answers: a hung Postgres or Redis.
async function hungServer(): Promise<{ url: (scheme: string) => string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (scheme) => `${scheme}://user@127.0.0.1:${port}/hung`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const ask = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });

describe('a node with its database and no Redis', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestApp()));
  afterAll(() => ctx.close());

  it('is live and ready; /api/health keeps its answer', async () => {
    const live = await ask(ctx, '/api/health/live');
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await ask(ctx, '/api/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { status: 'ready', draining: false, database: 'ok', redis: 'not_configured' },
    ]);
    expect(ready.headers['cache-control']).toBe('no-store');
    const health = await ask(ctx, '/api/health');
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('turns unready once it drains, still live, and asks clients to leave their connections', async () => {
    ctx.app.drain.start();
    const ready = await ask(ctx, '/api/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { status: 'unready', draining: true, database: 'ok', redis: 'not_configured' },
    ]);
    const live = await ask(ctx, '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });
});

describe('a node with Redis', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { REDIS_URL } });
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it('is ready when Redis answers', async () => {
    const ready = await ask(ctx, '/api/health/ready');
    expect([ready.statusCode, ready.json()]).toMatchObject([200, { status: 'ready', redis: 'ok' }]);
  });
});

describe('a node whose Redis hangs', () => {
  let ctx: TestContext;
  let hung: Awaited<ReturnType<typeof hungServer>>;
  beforeAll(async () => {
    hung = await hungServer();
    ctx = await createTestApp({ env: { REDIS_URL: hung.url('redis') } });
  });
  afterAll(async () => {
    await ctx.close();
    await hung.close();
  });

  it('answers ready 503 naming Redis, while live and /api/health stay 200', async () => {
    const ready = await ask(ctx, '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unready', draining: false, database: 'ok' });
    expect(['timeout', 'failed']).toContain(ready.json<{ redis: string }>().redis);
    expect((await ask(ctx, '/api/health/live')).statusCode).toBe(200);
    expect((await ask(ctx, '/api/health')).statusCode).toBe(200);
  });
});

describe('a node whose database hangs', () => {
  let ctx: TestContext;
  let hung: Awaited<ReturnType<typeof hungServer>>;
  let hungDatabase: ReturnType<typeof postgresDatabase>;
  beforeAll(async () => {
    hung = await hungServer();
    hungDatabase = postgresDatabase(hung.url('postgres'));
    ctx = await createTestApp({ deps: () => ({ db: hungDatabase.db }) });
  });
  afterAll(async () => {
    await ctx.close();
    await hung.close();
    await hungDatabase.close().catch(() => {});
  });

  // The pool would wait 3 s to connect: the check gives up after its own second.
  it('answers ready 503 with the database timed out, and stays live', async () => {
    const ready = await ask(ctx, '/api/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { status: 'unready', draining: false, database: 'timeout', redis: 'not_configured' },
    ]);
    expect((await ask(ctx, '/api/health/live')).statusCode).toBe(200);
  });
});
