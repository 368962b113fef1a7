import { CallEventHub } from '../src/calls/call-events';
import { numberWebhooks } from '../src/calls/urls';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { loadConfig } from '../src/config';
import { phoneNumbers, usageMonths, users } from '../src/db/schema';
import { monthOf } from '../src/usage/months';
import { startPgBossJobs } from '../src/jobs/pg-boss-runner';
import type { JobRunner } from '../src/jobs/run-job';
import { outboxMailer } from '../src/providers/mail/outbox';
import { sandboxBilling } from '../src/sandbox/billing/billing';
import { SandboxTelephony } from '../src/sandbox/telephony/telephony';
import { openTestDatabase } from './helpers/database';

// pg-boss needs a Postgres server: this file runs only with DATABASE_URL set. On embedded
// PGlite the same jobs run in process (jobs/cron-runner.ts), tested through the job functions.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the pg-boss runner (Postgres only: skipped without DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let inspector: PgBoss;
  const runners: JobRunner[] = [];
  const done: string[] = [];
  const log = {
    info: (details: object) => done.push((details as { job: string }).job),
    warn: () => {},
    error: () => {},
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' });
    const deps = {
      db: database.db,
      billing: sandboxBilling(config, database.db),
      telephony: new SandboxTelephony('s', numberWebhooks('http://localhost:3000')),
      mailer: outboxMailer(config.dataDir, () => {}),
      config,
      callEvents: new CallEventHub(config),
    };
    // Two API nodes on one database.
    for (let node = 0; node < 2; node++) runners.push(await startPgBossJobs(database.url!, deps, log));
    inspector = new PgBoss({ connectionString: database.url!, schedule: false, supervise: false });
    await inspector.start();
  });
  afterAll(async () => {
    await inspector?.stop({ graceful: false, wait: true });
    for (const runner of runners) await runner.stop();
    await database?.close();
  });

  it('schedules each job once in UTC, however many nodes start', async () => {
    // The rows of pgboss.schedule (the typings leave out their timezone column).
    const schedules = (await inspector.getSchedules()) as (PgBoss.Schedule & { timezone: string })[];
    expect(schedules.map((s) => [s.name, s.cron, s.timezone]).sort()).toEqual([
      ['bill-closed-months', '5 0 1 * *', 'UTC'],
      ['billing-tasks', '* * * * *', 'UTC'],
      ['end-subscriptions', '20 * * * *', 'UTC'],
      ['reconcile-calls', '10 * * * *', 'UTC'],
      ['reconcile-charges', '40 * * * *', 'UTC'],
      ['reconcile-numbers', '50 * * * *', 'UTC'],
      ['sync-subscriptions', '30 3 * * *', 'UTC'],
    ]);
  });

  it('runs a queued job on one node only', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Trial', email: 'trial@example.com', passwordHash: 'x', termsAcceptedAt: new Date() })
      .returning();
    // A number whose 30-day hold ended a minute ago.
    await database.db.insert(phoneNumbers).values({
      userId: user.id,
      phoneNumber: '+14155550123',
      providerSid: 'PNheld',
      heldUntil: sql`now() - interval '1 minute'`,
    });
    await inspector.send('end-subscriptions', {});
    // Until it has run and pg-boss holds no job of it that a node could still take (queued, active or
    // to retry): from then on no second run can start, so none is waited for.
    const open = async () => {
      const result = await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'end-subscriptions'
          and state in ('created', 'retry', 'active')`,
      );
      return (result as { rows: { n: number }[] }).rows[0].n;
    };
    const deadline = Date.now() + 30_000;
    while ((!done.includes('end-subscriptions') || (await open()) > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // (The every-minute billing-tasks job may run meanwhile.)
    expect(done.filter((job) => job === 'end-subscriptions')).toEqual(['end-subscriptions']);
    const [row] = await database.db.select().from(phoneNumbers);
    expect(row.releasedAt).toBeInstanceOf(Date);
  });

  it("fans a month's close out to one job per account, keyed by account and month", async () => {
    const now = new Date();
    const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    const accounts = await database.db
      .insert(users)
      .values(
        ['a', 'b'].map((n) => ({
          name: n,
          email: `${n}@example.com`,
          passwordHash: 'x',
          termsAcceptedAt: now,
        })),
      )
      .returning();
    // 50 extra minutes each in the month that closed, none billed.
    await database.db
      .insert(usageMonths)
      .values(accounts.map((u) => ({ userId: u.id, month: lastMonth, seconds: 150 * 60, minutes: 150 })));
    await inspector.send('bill-closed-months', {});
    const deadline = Date.now() + 30_000;
    while (!done.includes('bill-closed-months') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const jobs = await database.db.execute(
      sql`select singleton_key as key from pgboss.job where name = 'bill-account-month' order by 1`,
    );
    expect((jobs as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual(
      accounts.map((u) => `${u.id}:${monthOf(now)}`).sort(),
    );
  });
});
