import { loadDatabaseConfig } from './config';
import { openDatabase } from './db/client';
import { describeError } from './db/log-safe';

// `npm run migrate`: the database's migrations as a deploy step of their own, before new nodes start
// (with MIGRATE_ON_START=false on them). Safe beside nodes that migrate at start: one at a time.
async function main() {
  process.umask(0o077);
  const database = await openDatabase(loadDatabaseConfig());
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  console.log('migrations applied');
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
