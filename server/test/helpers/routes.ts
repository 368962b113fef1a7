import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';

/**
 * Every route an app serves, as 'METHOD /path', read from Fastify's own route table, so a route
 * added later shows up here without anyone listing it. Left out: HEAD (Fastify's twin of each GET),
 * CORS preflight (OPTIONS *) and the OpenAPI UI's static files under /api/docs.
 */
export async function routesOf(app: FastifyInstance): Promise<string[]> {
  await app.ready();
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ├└─]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4 - 1;
    parents.length = depth;
    const path = (depth ? parents[depth - 1] : '') + match[2];
    parents.push(path);
    for (const method of match[3].split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS' || path.startsWith('/api/docs')) continue;
      routes.push(`${method} ${path}`);
    }
  }
  return [...new Set(routes)].sort();
}

async function rows(db: Db, query: ReturnType<typeof sql>) {
  const result: unknown = await db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function tables(db: Db): Promise<string[]> {
  const list = await rows(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return list.map((t) => String(t.name));
}

/** Each table's row count and a hash of its rows: equal snapshots mean nothing was written. */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const name of await tables(db)) {
    const [row] = await rows(
      db,
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
          from ${sql.identifier(name)} t`,
    );
    result[name] = `${String(row.n)}:${String(row.h)}`;
  }
  return result;
}

/** A hash of one account's rows in every table (its users row, and rows with its user_id). */
export async function accountSnapshot(db: Db, userId: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const name of await tables(db)) {
    const columns = await rows(
      db,
      sql`select column_name as c from information_schema.columns
          where table_schema = 'public' and table_name = ${name} and column_name in ('user_id', 'id')`,
    );
    const key = name === 'users' ? 'id' : columns.some((c) => c.c === 'user_id') ? 'user_id' : null;
    if (!key) continue;
    const [row] = await rows(
      db,
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
          from ${sql.identifier(name)} t where ${sql.identifier(key)} = ${userId}`,
    );
    result[name] = `${String(row.n)}:${String(row.h)}`;
  }
  return result;
}
