import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lockDataDir } from './lock';
import * as schema from './schema';

// The same drizzle API on both drivers; domain code only ever sees `Db`.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function pgliteDatabase(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}

export function postgresDatabase(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

// DATABASE_URL set → that Postgres server; otherwise an embedded PGlite in DATA_DIR/db.
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return postgresDatabase(config.databaseUrl);
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = lockDataDir(config.dataDir);
  try {
    const client = await PGlite.create(path.join(config.dataDir, 'db'));
    return pgliteDatabase(client, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
