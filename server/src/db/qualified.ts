import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column named with its table, for raw SQL subqueries: drizzle writes a lone column unqualified
 * in a single-table select, and inside a subquery it would name the subquery's own column.
 */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
