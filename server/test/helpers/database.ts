import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, migrationsFolder, postgresDatabase } from '../../src/db/client';
import { pgliteDatabase } from '../../src/db/pglite';

// Test databases: globalSetup migrates ONE template per migration set (PGlite: a dumped data
// dir in the temp folder; Postgres: a database named after the migrations' hash), and every
// test file opens a fresh copy of it with openTestDatabase(). Set DATABASE_URL to run on Postgres.

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

const pgliteTemplateFile = () => path.join(os.tmpdir(), `forwardly-test-${migrationsHash()}.tar.gz`);
export const postgresTemplateName = () => `forwardly_tpl_${migrationsHash()}`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function prepareTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) return preparePostgresTemplate(url);
  const file = pgliteTemplateFile();
  if (existsSync(file)) return;
  const client = await PGlite.create();
  await pgliteDatabase(client).migrate();
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  // Written then renamed, so a parallel run never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}

async function preparePostgresTemplate(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two Jest runs at once must not both create the template.
    await admin.query('select pg_advisory_lock(724001)');
    const name = postgresTemplateName();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database "${name}"`);
      const database = postgresDatabase(withDatabase(url, name));
      await database.migrate();
      await database.close();
    }
  } finally {
    await admin.end();
  }
}

// On Postgres, `url` is the copy's own connection string (for pg-boss, which opens its own pool).
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(pgliteTemplateFile())]) });
    return pgliteDatabase(client);
  }
  const name = `forwardly_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database "${name}" template "${postgresTemplateName()}"`);
  const database = postgresDatabase(withDatabase(url, name));
  return {
    ...database,
    url: withDatabase(url, name),
    close: async () => {
      await database.close();
      await adminQuery(url, `drop database if exists "${name}"`);
    },
  };
}

async function adminQuery(url: string, text: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
