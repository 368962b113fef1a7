import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';

// The key every migrator queues on (any constant shared by all nodes and `npm run migrate`).
const MIGRATION_LOCK = 4_300_043;

/**
 * Applies the pending migrations, one migrator at a time: several nodes starting together each
 * wait for the lock, then find nothing left to do (without it, two of them raced on the same DDL and
 * deadlocked). Everything runs in one transaction with a transaction-level lock, so a migrator that
 * dies releases it, and it works through PgBouncer in transaction mode. The connection is its own,
 * with no query or statement timeout: a migration's backfill runs as long as it needs.
 *
 * Same bookkeeping as drizzle's migrator (drizzle.__drizzle_migrations, by folder time), which the
 * embedded database still uses.
 */
export async function migratePostgres(url: string, migrationsFolder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = new pg.Client({ connectionString: url });
  // A connection lost while idle is reported by the next query; unheard, this event ends the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    await client.query('set local lock_timeout = 0');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const last = rows.length ? Number(rows[0].created_at) : -Infinity;
    for (const migration of migrations.filter((m) => m.folderMillis > last)) {
      for (const statement of migration.sql) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
