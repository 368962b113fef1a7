import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callDayCounts, calls } from '../db/schema';
import { dayBounds } from './days';

export interface HistoryQuery {
  page: number;
  perPage: number;
  // Whole UTC days, both included (YYYY-MM-DD).
  startDate?: string;
  endDate?: string;
  direction?: 'inbound' | 'outbound';
}

export type Filters = Pick<HistoryQuery, 'direction' | 'startDate' | 'endDate'>;

/**
 * One page of a user's calls, newest first, and how many match, in ONE round trip:
 * - the page walks calls_user_created_idx (or the direction index) backwards from the range's end;
 * - the total sums the per-day counters (at most one row per day and direction in the range)
 *   instead of counting up to 100k call rows on every request;
 * - the LEFT JOIN LATERAL keeps the total when the page is past the end.
 * Each combination of filters is a named prepared statement, so Postgres plans it once.
 */
function historyStatement(db: Db, f: Filters) {
  const counted: SQL[] = [eq(callDayCounts.userId, sql.placeholder('userId'))];
  const listed: SQL[] = [eq(calls.userId, sql.placeholder('userId'))];
  if (f.direction) {
    counted.push(eq(callDayCounts.direction, sql.placeholder('direction')));
    listed.push(eq(calls.direction, sql.placeholder('direction')));
  }
  if (f.startDate) {
    counted.push(gte(callDayCounts.day, sql.placeholder('startDay')));
    listed.push(gte(calls.createdAt, sql.placeholder('from')));
  }
  if (f.endDate) {
    counted.push(lte(callDayCounts.day, sql.placeholder('endDay')));
    listed.push(lt(calls.createdAt, sql.placeholder('until')));
  }
  const totals = db
    .select({ total: sql<number>`coalesce(sum(${callDayCounts.count}), 0)::int`.as('total') })
    .from(callDayCounts)
    .where(and(...counted))
    .as('totals');
  const page = db
    .select({
      id: calls.id,
      direction: calls.direction,
      from_number: calls.fromNumber,
      to_number: calls.toNumber,
      duration: calls.durationSeconds,
      status: calls.status,
      created_at:
        sql<string>`to_char(${calls.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
          'created_at_iso',
        ),
    })
    .from(calls)
    .where(and(...listed))
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const name = `call_history_${f.direction ? 'd' : ''}${f.startDate ? 's' : ''}${f.endDate ? 'e' : ''}`;
  return db
    .select({
      total: totals.total,
      id: page.id,
      direction: page.direction,
      from_number: page.from_number,
      to_number: page.to_number,
      created_at: page.created_at,
      duration: page.duration,
      status: page.status,
    })
    .from(totals)
    .leftJoinLateral(page, sql`true`)
    .prepare(name);
}

type Statement = ReturnType<typeof historyStatement>;
const statements = new WeakMap<Db, Map<string, Statement>>();

function statementFor(db: Db, f: Filters): Statement {
  const key = `${!!f.direction}${!!f.startDate}${!!f.endDate}`;
  const forDb = statements.get(db) ?? new Map<string, Statement>();
  statements.set(db, forDb);
  let statement = forDb.get(key);
  if (!statement) forDb.set(key, (statement = historyStatement(db, f)));
  return statement;
}

export async function callHistory(db: Db, userId: string, q: HistoryQuery) {
  const rows = await statementFor(db, q).execute({
    userId,
    direction: q.direction,
    startDay: q.startDate,
    endDay: q.endDate,
    ...dayBounds(q.startDate, q.endDate),
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  });
  const total = rows[0]?.total ?? 0;
  return {
    calls: rows.flatMap(({ total: _, ...call }) => (call.id === null ? [] : [call])),
    metadata: {
      current_page: q.page,
      total_pages: Math.ceil(total / q.perPage),
      total_items: total,
      per_page: q.perPage,
    },
  };
}
