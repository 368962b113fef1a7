import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';

/**
 * Every table of the drizzle schema whose rows mention any of `traces` (ids, email, numbers...),
 * with the matching rows as text: what the database still holds of a person.
 */
export async function tracesOf(db: Db, traces: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const table of Object.values(schema).filter((t) => is(t, PgTable))) {
    const name = getTableName(table);
    const result: unknown = await db.execute(sql`select t::text as row from ${sql.identifier(name)} t`);
    const { rows } = result as { rows: { row: string }[] };
    const matching = rows.map((r) => r.row).filter((row) => traces.some((trace) => row.includes(trace)));
    if (matching.length) found[name] = matching;
  }
  return found;
}
