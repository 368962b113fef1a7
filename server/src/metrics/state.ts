import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import { usageCharges } from '../db/schema';
import type { CounterStore } from '../limits/store';

// A scrape never waits on a slow database longer than this: the charges gauge is left out instead.
const QUERY_TIMEOUT_MS = 1000;

/**
 * Gauges read at each scrape: the live call history streams, the limits' fallback, the database
 * pool, the charges not yet sent.
 */
export function recordState(
  registry: Registry,
  { db, limits, callEvents }: { db: Db; limits: CounterStore; callEvents: { streams: number } },
) {
  new Gauge({
    name: 'forwardly_call_event_streams',
    help: 'Live call history streams (GET /api/dashboard/call-events) open on this node.',
    registers: [registry],
    collect() {
      this.set(callEvents.streams);
    },
  });

  new Gauge({
    name: 'forwardly_limits_in_memory',
    help: "1 while this node's limits count in its own memory (Redis unreachable, hung or not configured), 0 while shared in Redis.",
    registers: [registry],
    collect() {
      this.set(limits.inMemory ? 1 : 0);
    },
  });

  // PGlite has no pool: these are left out for the embedded database.
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('forwardly_db_pool_connections', 'Postgres connections this node holds.', (p) => p.totalCount);
    poolGauge(
      'forwardly_db_pool_idle',
      'Postgres connections of this node that are idle.',
      (p) => p.idleCount,
    );
    poolGauge(
      'forwardly_db_pool_waiting',
      'Queries waiting for a Postgres connection.',
      (p) => p.waitingCount,
    );
  }

  const pending = new Gauge({
    name: 'forwardly_charges_pending',
    help: 'Usage charges written in the ledger but not yet at the payment provider (given up ones apart).',
    registers: [registry],
  });
  const givenUp = new Gauge({
    name: 'forwardly_charges_given_up',
    help: 'Pending usage charges given up after their attempts: each needs an operator.',
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'forwardly_charges_pending_oldest_seconds',
    help: 'Age of the oldest pending usage charge (0 when none).',
    registers: [registry],
    // One query fills the three charge gauges; a failed or slow one leaves them out of this scrape.
    async collect() {
      const counts = await withTimeout(pendingCharges(db), QUERY_TIMEOUT_MS).catch(() => null);
      if (!counts) {
        for (const gauge of [pending, givenUp, oldest]) gauge.reset();
        return;
      }
      pending.set(counts.pending);
      givenUp.set(counts.givenUp);
      this.set(counts.oldestSeconds);
    },
  });
}

async function pendingCharges(db: Db) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${usageCharges.givenUpAt} is null)::int`,
      givenUp: sql<number>`count(*) filter (where ${usageCharges.givenUpAt} is not null)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${usageCharges.createdAt})
        filter (where ${usageCharges.givenUpAt} is null)), 0)::float8`,
    })
    .from(usageCharges)
    .where(eq(usageCharges.status, 'pending'));
  return row;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
