import pg from 'pg';
import { type Database, postgresDatabase } from '../src/db/client';

// The bench's own database: a throwaway one on the DATABASE_URL server (dropped afterwards),
// or an in-memory PGlite when DATABASE_URL is unset. DATABASE_PGBOUNCER=true as in production.
export async function benchDatabase(): Promise<Database & { kind: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // Loaded only for PGlite, so a Postgres run's memory figures do not include it.
    const [{ PGlite }, { pgliteDatabase }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('../src/db/pglite'),
    ]);
    return { ...pgliteDatabase(await PGlite.create()), kind: 'PGlite (in memory)' };
  }
  const name = `forwardly_bench_${process.pid}`;
  await admin(url, `create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = postgresDatabase(target.toString(), {
    pgBouncer: process.env.DATABASE_PGBOUNCER === 'true',
  });
  return {
    ...database,
    kind: `Postgres (${target.host})`,
    close: async () => {
      await database.close();
      await admin(url, `drop database if exists "${name}"`);
    },
  };
}

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
