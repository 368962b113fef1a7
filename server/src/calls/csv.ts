import { stringify } from 'csv-stringify';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { calls } from '../db/schema';
import type { Filters } from './history';
import { dayRange } from '../../../rules/days';
import { callsCsvHeader, callsCsvRow } from '../../../contract/calls';
import { callView } from './view';

// Rows read per query: the export walks the user's calls newest first, a batch at a time, so a
// history of any length streams out without being held in memory.
const BATCH = 1000;

async function* matchingCalls(db: Db, userId: string, f: Filters, batchSize: number) {
  const { from, until } = dayRange(f.startDate, f.endDate, f.timeZone);
  const filters: SQL[] = [eq(calls.userId, userId)];
  if (f.direction) filters.push(eq(calls.direction, f.direction));
  if (from) filters.push(gte(calls.createdAt, from));
  if (until) filters.push(lt(calls.createdAt, until));
  // The cursor keeps created_at as Postgres text: a JS Date would drop its microseconds.
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const batch = await db
      .select({ call: calls, at: sql<string>`${calls.createdAt}::text` })
      .from(calls)
      .where(
        and(
          ...filters,
          after && sql`(${calls.createdAt}, ${calls.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(desc(calls.createdAt), desc(calls.id))
      .limit(batchSize);
    yield* batch.map((row) => row.call);
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    after = { at: last.at, id: last.call.id };
  }
}

/** The user's calls matching the history's filters, newest first, as a CSV stream. */
export function callsCsv(db: Db, userId: string, filters: Filters, batchSize = BATCH): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const call of matchingCalls(db, userId, filters, batchSize)) {
        yield callsCsvRow(callView(call), filters.timeZone);
      }
    })(),
  );
  return rows.pipe(stringify({ header: true, columns: callsCsvHeader(filters.timeZone) }));
}
