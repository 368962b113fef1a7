import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startPgBossJobs } from '../src/jobs/pg-boss-runner';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';

jest.setTimeout(120_000);

// Postgres restarting under load: every backend of the app's database is terminated
// (pg_terminate_backend, what a restart does to each connection) while requests run. Requests
// caught in it answer 503, never 500; the process survives (an unhandled pool 'error' would kill
// it); the next requests succeed on fresh connections, and pg-boss carries on.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a database restart under load (Postgres only: skipped on embedded PGlite)', () => {
  let ctx: TestContext;
  let user: Subscriber;
  let admin: pg.Client;
  let databaseName: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    jest.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message));
    ctx = await createTestApp();
    user = await newUser(ctx);
    await giveNumber(ctx, user, '+12125550150', '+13125550151');
    const result = await ctx.deps.db.execute(sql`select current_database() as name`);
    const [row] = (result as { rows: { name: string }[] }).rows;
    databaseName = row.name;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await ctx?.close();
    jest.restoreAllMocks();
  });

  const terminateAll = async () => {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return rowCount ?? 0;
  };

  const requests = [
    () => ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls', headers: user.headers }),
    () => ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: user.headers }),
    // A trial's call: its minutes are set aside in a transaction, whose connection may die between statements.
    () =>
      postWebhook(ctx, '/api/twilio/voice', {
        CallSid: 'CArestart',
        To: '+12125550150',
        From: '+12125550111',
      }),
    () => ctx.app.inject({ method: 'GET', url: '/api/health' }),
  ];

  it('answers 503 (never 500) while backends die, then recovers by itself; pg-boss too', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    const jobs = await startPgBossJobs(url.toString(), ctx.deps, {
      info: () => {},
      warn: () => {},
      error: () => {},
    });

    const statuses: number[] = [];
    let terminated = 0;
    const worker = async (n: number) => {
      for (let i = 0; i < 60; i++) statuses.push((await requests[(n + i) % requests.length]()).statusCode);
    };
    // 20 clients at once; the backends are terminated three times while they run.
    const load = Promise.all(Array.from({ length: 20 }, (_, n) => worker(n)));
    for (const share of [0.2, 0.45, 0.7]) {
      while (statuses.length < share * 1200) await new Promise((resolve) => setImmediate(resolve));
      terminated += await terminateAll();
    }
    await load;

    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(statuses.length / 2);

    // The same process recovers: a pooled connection whose end it has not read yet may answer one
    // more 503 (at most one per connection of the pool of 10), then requests succeed.
    for (const request of requests) {
      let status = 503;
      for (let tries = 0; status === 503 && tries <= 10; tries++) status = (await request()).statusCode;
      expect(status).toBe(200);
    }
    await jobs.stop();
  });

  it('survives connections that die inside transactions (unheard, that ended the process), and keeps its pool', async () => {
    // More than the pool's 10: a connection lost this way must not keep its slot.
    for (let i = 0; i < 12; i++) {
      const dying = ctx.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      });
      await expect(dying).rejects.toThrow();
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => requests[0]()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
  });

  it('keeps its pool when a connection is found dead at the start of a transaction', async () => {
    // A pooled connection whose end the pool has not read yet: its socket closes as it is handed out,
    // so the transaction's `begin` fails (drizzle then never releases the client itself).
    const pool = (ctx.deps.db as unknown as { $client: pg.Pool }).$client;
    const cut = (client: pg.PoolClient) =>
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    for (let i = 0; i < 12; i++) {
      pool.once('acquire', cut);
      await expect(ctx.deps.db.transaction(async () => {})).rejects.toThrow();
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => requests[0]()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
  });

  it('reports idle connections that die (unhandled, that ended the process) and reconnects', async () => {
    // Fill the pool with idle connections, then end them all while nobody uses them.
    await Promise.all(Array.from({ length: 10 }, () => requests[0]()));
    warnings.length = 0;
    const terminated = await terminateAll();
    expect(terminated).toBeGreaterThan(0);
    for (let waited = 0; warnings.length < terminated && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(warnings).toEqual(Array(terminated).fill('database connection lost; the pool reconnects'));
    for (const request of requests) expect((await request()).statusCode).toBe(200);
  });
});
