import { and, desc, eq, gt, gte, lt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { CallRecord } from '../../../contract/calls';
import type { Db } from '../db/client';
import { callDayCounts, calls, callTotals } from '../db/schema';
import { dayBounds } from './days';
import { MAX_PER_PAGE } from './schemas';

export interface HistoryQuery {
  page: number;
  perPage: number;
  // Whole UTC days, both included (YYYY-MM-DD).
  startDate?: string;
  endDate?: string;
  direction?: 'inbound' | 'outbound';
}

export type Filters = Pick<HistoryQuery, 'direction' | 'startDate' | 'endDate'>;

const offset = sql.placeholder('offset');

/**
 * drizzle sends a number in LIMIT or OFFSET as a parameter, and types them so; these bounds are
 * SQL: the anchor's column, or literals, so that Postgres expects the page's few rows and keeps
 * one generic plan instead of planning every request again (it did, at 0.2–1 ms each).
 */
const bound = (expression: SQL) => expression as unknown as Placeholder;

/**
 * Offsets below this many rows read the page straight from the index (the dashboard's first
 * pages, what every visit asks): measured on 100,000 calls, a plain OFFSET of up to ~200 rows costs
 * less than finding the page's day in the counters, which deeper pages need.
 */
const NEAR_ROWS = 200;

/**
 * How many calls match: without dates, the per-direction totals (at most two rows); with dates,
 * the per-day counters of the range (at most one row per day and direction).
 */
function totalOf(db: Db, f: Filters, counted: SQL[]) {
  if (f.startDate || f.endDate) {
    return db
      .select({ total: sql<number>`coalesce(sum(${callDayCounts.count}), 0)::int`.as('total') })
      .from(callDayCounts)
      .where(and(...counted))
      .as('totals');
  }
  const byDirection = f.direction ? [eq(callTotals.direction, sql.placeholder('direction'))] : [];
  return db
    .select({ total: sql<number>`coalesce(sum(${callTotals.count}), 0)::int`.as('total') })
    .from(callTotals)
    .where(and(eq(callTotals.userId, sql.placeholder('userId')), ...byDirection))
    .as('totals');
}

/**
 * The UTC day the page starts in, and how many calls of that day and older to skip: the day
 * counters, walked newest first with a running sum, stop at the first day that reaches past the
 * offset. A deep page then skips at most one day's calls, not the whole offset.
 */
function anchorOf(db: Db, counted: SQL[]) {
  // Ordered by day here, so Postgres reads the counters backwards and stops early.
  const days = db
    .select({ day: callDayCounts.day, calls: sql<number>`sum(${callDayCounts.count})::int`.as('day_calls') })
    .from(callDayCounts)
    .where(and(...counted))
    .groupBy(callDayCounts.day)
    .orderBy(desc(callDayCounts.day))
    .as('days');
  const running = db
    .select({
      day: days.day,
      calls: days.calls,
      through: sql<number>`sum(${days.calls}) over (order by ${days.day} desc rows unbounded preceding)`.as(
        'through',
      ),
    })
    .from(days)
    .as('running');
  return db
    .select({
      day: running.day,
      skip: sql<number>`${offset} - (${running.through} - ${running.calls})`.as('skip'),
    })
    .from(running)
    .where(gt(running.through, offset))
    .orderBy(desc(running.day))
    .limit(bound(sql.raw('1')))
    .as('anchor');
}

const pageColumns = {
  id: calls.id,
  direction: calls.direction,
  from_number: calls.fromNumber,
  to_number: calls.toNumber,
  duration: calls.durationSeconds,
  status: calls.status,
  at: calls.createdAt,
  created_at: sql<string>`to_char(${calls.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
    'created_at_iso',
  ),
};

// The range's end bounds the rows directly. The slice's length is SQL, like the deep page's, so the
// plan expects a few hundred rows at most whatever the page.
function nearPage(db: Db, f: Filters, listed: SQL[]) {
  const bounded = f.endDate ? [...listed, lt(calls.createdAt, sql.placeholder('until'))] : listed;
  const slice = db
    .select(pageColumns)
    .from(calls)
    .where(and(...bounded))
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(bound(sql.raw(String(NEAR_ROWS + MAX_PER_PAGE))))
    .as('slice');
  return db
    .select()
    .from(slice)
    .orderBy(desc(slice.at), desc(slice.id))
    .limit(sql.placeholder('limit'))
    .offset(offset)
    .as('page');
}

// The anchor's day, within the counted range, bounds the calls.
function deepPage(db: Db, counted: SQL[], listed: SQL[]) {
  const anchor = anchorOf(db, counted);
  // A slice as long as the longest page, then the page from it: the plan expects per_page rows.
  const slice = db
    .select({ id: calls.id, at: calls.createdAt })
    .from(calls)
    .where(and(...listed, sql`${calls.createdAt} < (${anchor.day} + 1)::timestamp at time zone 'UTC'`))
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(bound(sql.raw(String(MAX_PER_PAGE))))
    .offset(bound(sql`${anchor.skip}`))
    .as('slice');
  const ids = db
    .select({ id: slice.id })
    .from(slice)
    .orderBy(desc(slice.at), desc(slice.id))
    .limit(sql.placeholder('limit'))
    .as('ids');
  return db
    .select(pageColumns)
    .from(anchor)
    .crossJoinLateral(ids)
    .innerJoin(calls, eq(calls.id, ids.id))
    .as('page');
}

/**
 * One page of a user's calls, newest first, and how many match, in ONE round trip:
 * - a near page (offset under NEAR_ROWS) walks calls_user_created_idx (or the direction index)
 *   backwards from the range's end and skips its few rows;
 * - a deep page starts at its day (anchorOf), then walks the index, ids only (an index-only scan),
 *   and reads the rows of that page alone;
 * - the LEFT JOIN LATERAL keeps the total when the page is past the end;
 * - Postgres writes the page as one JSON value: a row per call cost Node more than the query did
 *   (pg parsing each field, drizzle mapping each one: ~15 % of the route's main thread).
 * Each combination of filters and depth is a named prepared statement, so Postgres plans it once.
 */
function historyStatement(db: Db, f: Filters, near: boolean) {
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
  // The range's end bounds the counters; the anchor's day, within them, bounds the calls.
  if (f.endDate) counted.push(lte(callDayCounts.day, sql.placeholder('endDay')));
  const totals = totalOf(db, f, counted);
  const page = near ? nearPage(db, f, listed) : deepPage(db, counted, listed);
  const name = `call_history_${near ? 'n' : ''}${f.direction ? 'd' : ''}${f.startDate ? 's' : ''}${f.endDate ? 'e' : ''}`;
  // Every column is NOT NULL; on a page past the end the join's one row is all nulls.
  const call = sql`json_build_object('id', ${page.id}, 'direction', ${page.direction},
    'from_number', ${page.from_number}, 'to_number', ${page.to_number}, 'created_at', ${page.created_at},
    'duration', ${page.duration}, 'status', ${page.status})`;
  return db
    .select({
      total: totals.total,
      calls: sql<CallRecord[]>`coalesce(json_agg(${call} order by ${page.at} desc, ${page.id} desc)
        filter (where ${page.id} is not null), '[]')`,
    })
    .from(totals)
    .leftJoinLateral(page, sql`true`)
    .groupBy(totals.total)
    .prepare(name);
}

type Statement = ReturnType<typeof historyStatement>;
const statements = new WeakMap<Db, Map<string, Statement>>();

function statementFor(db: Db, f: Filters, near: boolean): Statement {
  const key = `${near}${!!f.direction}${!!f.startDate}${!!f.endDate}`;
  const forDb = statements.get(db) ?? new Map<string, Statement>();
  statements.set(db, forDb);
  let statement = forDb.get(key);
  if (!statement) forDb.set(key, (statement = historyStatement(db, f, near)));
  return statement;
}

export async function callHistory(db: Db, userId: string, q: HistoryQuery) {
  const offset = (q.page - 1) * q.perPage;
  const [{ total, calls }] = await statementFor(db, q, offset < NEAR_ROWS).execute({
    userId,
    direction: q.direction,
    startDay: q.startDate,
    endDay: q.endDate,
    ...dayBounds(q.startDate, q.endDate),
    limit: q.perPage,
    offset,
  });
  return {
    calls,
    metadata: {
      current_page: q.page,
      total_pages: Math.ceil(total / q.perPage),
      total_items: total,
      per_page: q.perPage,
    },
  };
}
