import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { postgresDatabase } from '../src/db/client';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser } from './helpers/telephony';

// The database going away: a fast 503 with a sentence, never a crash; and logs without SQL parameters.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('answers 503 with a sentence and Retry-After while the database cannot be reached', async () => {
  // Nothing listens on port 1: every connection is refused at once.
  const away = postgresDatabase('postgres://postgres@127.0.0.1:1/forwardly');
  const app = await buildApp({ ...ctx.deps, db: away.db });
  try {
    for (const request of [
      { method: 'GET' as const, url: '/api/health' },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'a@example.com', password: 'x' } },
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'service_unavailable',
        message: 'Forwardly is briefly unavailable. Please try again in a moment.',
      });
    }
  } finally {
    await app.close();
    await away.close();
  }
});

it('logs a failed query with its SQL but never its parameters', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(ctx.deps, { logger: { level: 'error', stream } });
  const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
  app.get('/api/test-failing-query', async () => ctx.deps.db.execute(sql`select ${secret}::int as n`));
  try {
    const res = await app.inject({ method: 'GET', url: '/api/test-failing-query' });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('Failed query: select $1::int as n');
    expect(log).toContain('"code":"22P02"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('c2VjcmV0');
  } finally {
    await app.close();
  }
});

it('answers 503, not 500, when the sandbox carrier meets our voice webhook in an outage', async () => {
  // An app of its own: the apps above took over the shared sandbox carrier, which posts to the last one.
  const ctx = await createTestApp();
  const owner = await newUser(ctx);
  await giveNumber(ctx, owner, '+19175550142', '+19175559999');
  // The database goes away while the webhook sets the call's time aside (as Postgres shutting down answers).
  await ctx.deps.db.execute(sql`
    create function shut_down() returns trigger language plpgsql as $$
    begin
      raise exception 'terminating connection due to administrator command' using errcode = 'admin_shutdown';
    end $$`);
  await ctx.deps.db.execute(
    sql`create trigger shut_down before insert on call_allotments for each row execute function shut_down()`,
  );
  const call = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound-call',
      payload: { to: '+19175550142', from: '+13105550123', duration: 5 },
    });
  try {
    const res = await call();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ error: 'service_unavailable' });
  } finally {
    await ctx.deps.db.execute(sql`drop trigger shut_down on call_allotments`);
    await ctx.deps.db.execute(sql`drop function shut_down`);
  }
  expect((await call()).statusCode).toBe(201);
  await ctx.close();
});
