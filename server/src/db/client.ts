import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureDataDir } from '../data-dir';
import { lockDataDir } from './lock';
import { migratePostgres } from './migrate-postgres';
import * as schema from './schema';

// The same drizzle API on both drivers; domain code only ever sees `Db`.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
  // Where connection errors of idle pool clients are reported (the server's logger once it exists).
  logTo?(log: PoolLog): void;
}

export interface PoolLog {
  warn(details: object, message: string): void;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface PoolSettings {
  // Connections this process holds at most (DATABASE_POOL_MAX; pg-boss holds 2 more).
  max?: number;
  // Behind PgBouncer in transaction mode (DATABASE_PGBOUNCER=true), which refuses start-up parameters.
  pgBouncer?: boolean;
}

/**
 * A pool that outlives the database going away: an idle client's connection error is reported
 * (unhandled, it would crash the process) and the pool drops that client; a request meanwhile
 * fails fast (connection timeout) and is answered 503; the next ones connect afresh.
 */
export function postgresDatabase(url: string, settings: PoolSettings = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.max ?? 5,
    connectionTimeoutMillis: 3000,
    // A query on a connection that silently died (no reset) gives up rather than hanging.
    query_timeout: 30_000,
    keepAlive: true,
    // Our named prepared statements (the call history, the voice webhook) are written so that one
    // generic plan fits every account; left to choose, Postgres re-planned the history's first page
    // on every request (0.13–0.26 ms of planning for 0.13 ms of execution). Unnamed queries are
    // planned per execution whatever this says. PgBouncer refuses this start-up parameter: behind it,
    // set plan_cache_mode on the database instead (docs/operations-migrations.md, "Connections").
    ...(settings.pgBouncer ? {} : { options: '-c plan_cache_mode=force_generic_plan' }),
  });
  let log: PoolLog = { warn: (details, message) => console.warn(message, details) };
  pool.on('error', (error) => log.warn({ err: error }, 'database connection lost; the pool reconnects'));
  // A connection that dies while checked out (a transaction's, during or between its statements) emits
  // 'error' on its client, and pg-pool listens only to idle clients: unheard, that would end the
  // process. The client goes back to the pool at once, which drops it: drizzle never releases a
  // transaction's client whose `begin` failed, which would hold a pool slot for good. The request's
  // statements fail (503); its own release later does nothing.
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    if (settings.pgBouncer) unnamedStatements(client);
    client.on('error', (error) => {
      if (!checkedOut.has(client)) return; // an idle client's: the pool's 'error' above
      const release = client.release.bind(client);
      client.release = () => {};
      release(error);
      log.warn({ err: error }, 'database connection lost during a request; the pool reconnects');
    });
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db,
    migrate: () => migratePostgres(url, migrationsFolder),
    close: () => pool.end(),
    logTo: (target) => void (log = target),
  };
}

/**
 * Behind PgBouncer in transaction mode, each transaction may land on another server connection,
 * where a statement prepared by name on an earlier one does not exist (PgBouncer 1.21+ can track
 * them, Debian 12's 1.18 cannot): the client's named statements are sent unnamed, parsed and
 * planned with each execution as any other query.
 */
function unnamedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'name' in config) {
      const { name: _name, ...unnamed } = config;
      return query(unnamed, ...rest);
    }
    return query(config, ...rest);
  }) as typeof client.query;
}

// DATABASE_URL set → that Postgres server; otherwise an embedded PGlite in DATA_DIR/db.
export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  databasePool?: PoolSettings;
}): Promise<Database> {
  if (config.databaseUrl) return postgresDatabase(config.databaseUrl, config.databasePool);
  ensureDataDir(config.dataDir);
  const unlock = lockDataDir(config.dataDir);
  try {
    // Loaded only here: the embedded database's code costs ~35 MB of memory a Postgres server never needs.
    const [{ PGlite }, { pgliteDatabase }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('./pglite'),
    ]);
    const client = await PGlite.create(path.join(config.dataDir, 'db'));
    return pgliteDatabase(client, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
