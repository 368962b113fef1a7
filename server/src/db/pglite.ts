import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder } from './client';
import * as schema from './schema';

// The embedded database (no DATABASE_URL): the same drizzle API over PGlite in DATA_DIR.
export function pgliteDatabase(client: PGlite, onClose?: () => void): Database {
  const db = drizzle({ client, schema });
  return {
    db: db,
    migrate: () => migrate(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}
