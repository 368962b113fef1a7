import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresTemplateName } from './helpers/database';

// Three nodes deploying at once on an empty database: each runs `npm run migrate`'s script, all
// three succeed (they queue on one lock; before, 4 to 5 runs in 7 ended in "deadlock detected") and
// the schema is the whole of it. Postgres only: the embedded database serves one process.
const url = process.env.DATABASE_URL;
const onPostgres = url ? describe : describe.skip;
const run = promisify(execFile);

const withDatabase = (name: string) =>
  Object.assign(new URL(url ?? 'postgres://x'), { pathname: `/${name}` }).toString();

async function query<T extends pg.QueryResultRow>(target: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const columns = (target: string) =>
  query<{ c: string }>(
    target,
    `select table_schema || '.' || table_name || '.' || column_name as c from information_schema.columns
     where table_schema in ('public', 'drizzle') order by 1`,
  ).then((rows) => rows.map((row) => row.c));

onPostgres('three migrators at once on an empty database', () => {
  const name = `forwardly_migrate_${randomBytes(6).toString('hex')}`;
  beforeAll(() => query(url!, `create database "${name}"`));
  afterAll(() => query(url!, `drop database if exists "${name}" with (force)`));

  it('all succeed, one after the other, and leave the complete schema', async () => {
    const script = path.join(__dirname, '../src/migrate.ts');
    const tsx = path.join(__dirname, '../../node_modules/.bin/tsx');
    const env = { ...process.env, DATABASE_URL: withDatabase(name), NODE_ENV: 'test' };
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => run(tsx, [script], { env })));
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ status: 'fulfilled', value: { stdout: 'migrations applied\n' } });
    }
    // The template every other test copies was migrated the usual way: same tables and columns.
    const migrated = await columns(withDatabase(name));
    expect(migrated).toEqual(await columns(withDatabase(postgresTemplateName())));
    expect(migrated).toContain('public.texts.body');
    const applied = await query<{ n: string }>(
      withDatabase(name),
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    const journal = (await import('../src/db/migrations/meta/_journal.json')) as { entries: unknown[] };
    expect(Number(applied[0].n)).toBe(journal.entries.length);
  }, 120_000);
});
