import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { callsCsv } from '../src/calls/csv';
import { postgresDatabase } from '../src/db/client';
import type { TestContext } from './helpers/app';
import { appWithCallHistory } from './helpers/call-history';
import type { Subscriber } from './helpers/telephony';

// A CSV export while the database goes away: before, the stream's error had no listener and ended
// the process ("Unhandled 'error' event"), which stayed down when the database came back.
let ctx: TestContext;
let user: Subscriber;
const CALLS = 400;

const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);
beforeAll(async () => {
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  const start = Date.UTC(2026, 0, 1);
  ({ ctx, user } = await appWithCallHistory(
    Array.from({ length: CALLS }, (_, i) => ({
      providerCallSid: `CA${i}`,
      direction: 'inbound' as const,
      fromNumber: '+12125550111',
      toNumber: '+14155550100',
      status: 'completed',
      durationSeconds: 30,
      createdAt: new Date(start + i * 60_000),
    })),
  ));
}, 60_000);
afterEach(() => expect(uncaught).toEqual([]));
afterAll(async () => {
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
  await ctx.close();
});

const download = () =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls.csv', headers: user.headers });

/**
 * Takes the export's data away until the answer is called: on Postgres the database refuses
 * connections and loses those it had (an outage); the embedded one, a single connection, loses the
 * table instead.
 */
async function breakDatabase(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    await ctx.deps.db.execute(sql`alter table calls rename to calls_away`);
    return async () => void (await ctx.deps.db.execute(sql`alter table calls_away rename to calls`));
  }
  const result = await ctx.deps.db.execute(sql`select current_database() as name`);
  const { name } = (result as { rows: { name: string }[] }).rows[0];
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`alter database "${name}" allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  return async () => {
    await admin.query(`alter database "${name}" allow_connections true`);
    await admin.end();
  };
}

it('answers 503 with Retry-After when the database is away before the first row', async () => {
  // Nothing listens on port 1: every connection is refused at once.
  const away = postgresDatabase('postgres://postgres@127.0.0.1:1/forwardly');
  const app = await buildApp({ ...ctx.deps, db: away.db });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/dashboard/calls.csv', headers: user.headers });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ error: 'service_unavailable' });
  } finally {
    await app.close();
    await away.close();
  }
});

it('ends an export cut mid-way with an error, keeps the process up, and the next export answers', async () => {
  const csv = callsCsv(ctx.deps.db, user.id, {}, { batchSize: 10 });
  const chunks = csv[Symbol.asyncIterator]();
  const first = await chunks.next();
  expect(String(first.value)).toMatch(/^Date and time \(UTC\),/);
  const restore = await breakDatabase();
  try {
    // What was read ahead before the fault comes out, then the fault ends the stream.
    let rows = 0;
    const reading = (async () => {
      for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
        rows += String(chunk.value).split('\n').length - 1;
      }
    })();
    await expect(reading).rejects.toThrow();
    expect(rows).toBeLessThan(CALLS);
    expect(csv.destroyed).toBe(true);
  } finally {
    await restore();
  }
  const next = await download();
  expect(next.statusCode).toBe(200);
  expect(parse(next.body, { columns: true })).toHaveLength(CALLS);
}, 30_000);
