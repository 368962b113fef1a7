import { stringify } from 'csv-stringify';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { pipeline, Readable } from 'node:stream';
import type { Db } from '../db/client';
import { calls } from '../db/schema';
import type { Filters } from './history';
import { dayRange } from '../../../rules/days';
import { callsCsvHeader, callsCsvRow } from '../../../contract/calls';
import { callView } from './view';

// Rows read per query: the export walks the user's calls newest first, a batch at a time, so a
// history of any length streams out without being held in memory.
const BATCH = 1000;
// An export stops after this many calls (about 8 MB), so one request never reads a table for minutes;
// a longer history is downloaded a date range at a time.
export const MAX_ROWS = 100_000;

// A cell a spreadsheet would run as a formula (OWASP "CSV injection"): an inbound caller ID is whatever
// the caller's carrier sent. Phone numbers in E.164 (+ and digits) are only numbers and stay as they are.
const FORMULA = /^[=+\-@\t\r]/;
const E164 = /^\+\d{1,15}$/;
export const spreadsheetSafe = (value: string) =>
  FORMULA.test(value) && !E164.test(value) ? `'${value}` : value;

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

/**
 * The user's calls matching the history's filters, newest first, as a CSV stream (at most `maxRows`).
 * A query that fails (the database going away) destroys the stream with its error and never reaches
 * the process: before the first row Fastify answers it (503 for an outage), after it Fastify logs it
 * once and cuts the response, so the client never takes a partial file for a whole one.
 */
export function callsCsv(
  db: Db,
  userId: string,
  filters: Filters,
  { batchSize = BATCH, maxRows = MAX_ROWS } = {},
): Readable {
  const rows = Readable.from(
    (async function* () {
      let count = 0;
      for await (const call of matchingCalls(db, userId, filters, Math.min(batchSize, maxRows))) {
        yield callsCsvRow(callView(call), filters.timeZone);
        if (++count >= maxRows) return;
      }
    })(),
  );
  const csv = stringify({
    header: true,
    columns: callsCsvHeader(filters.timeZone),
    cast: { string: spreadsheetSafe },
  });
  // The error is the response's to report (above); pipeline only carries it over to `csv`.
  pipeline(rows, csv, () => {});
  return csv;
}
