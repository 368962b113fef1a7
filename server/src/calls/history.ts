import { and, desc, eq, gt, gte, lt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { callDayCounts, callMonthCounts, calls, callTotals } from '../db/schema';
import { countedRange } from './days';
import { type CallRecord, MAX_PER_PAGE } from '../../../contract/calls';

export interface HistoryQuery {
  page: number;
  perPage: number;
  // Whole days of timeZone (UTC when not given), both included (YYYY-MM-DD).
  startDate?: string;
  endDate?: string;
  timeZone?: string;
  direction?: 'inbound' | 'outbound';
}

export type Filters = Pick<HistoryQuery, 'direction' | 'startDate' | 'endDate' | 'timeZone'>;

/** Which parts a dated range has beyond whole UTC days (days.ts): each is its own statement. */
interface Parts {
  head: boolean;
  tail: boolean;
}
/** A part day (days.ts) in SQL: its day's placeholder name, and its calls' count. */
type PartDayCount = { day: string; count: SQL };

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
 * the per-day counters of the range (at most one row per day and direction: one index-only scan,
 * which measured cheaper than adding whole months' counters to the days around them), plus its
 * part days' counts.
 */
function totalOf(db: Db, f: Filters, counted: SQL[], partCounts: SQL[]) {
  if (f.startDate || f.endDate) {
    const parts = partCounts.map((part) => sql` + ${part}`);
    return db
      .select({
        total: sql<number>`(coalesce(sum(${callDayCounts.count}), 0)${sql.join(parts)})::int`.as('total'),
      })
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

const ref = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

/**
 * The period (a day or a month) the page starts in, and how many calls of that period and older
 * to skip: the counters, walked newest first with a running sum, stop at the first period that
 * reaches past `past` calls.
 */
function walk(
  db: Db,
  counter: { table: typeof callDayCounts | typeof callMonthCounts | SQL; period: SQL; count: SQL },
  where: SQL[],
  past: SQL | Placeholder,
  as: { name: string; period: string; skip: string },
) {
  // Ordered by period here, so Postgres reads the counters backwards and stops early.
  const periods = db
    .select({
      period: counter.period.as('period'),
      calls: sql<number>`sum(${counter.count})::int`.as('period_calls'),
    })
    .from(counter.table)
    .where(and(...where))
    .groupBy(counter.period)
    .orderBy(desc(counter.period))
    .as(`${as.name}_periods`);
  const running = db
    .select({
      period: periods.period,
      calls: periods.calls,
      through:
        sql<number>`sum(${periods.calls}) over (order by ${periods.period} desc rows unbounded preceding)`.as(
          'through',
        ),
    })
    .from(periods)
    .as(`${as.name}_running`);
  return db
    .select({
      period: sql<string>`${running.period}`.as(as.period),
      skip: sql<number>`${past} - (${running.through} - ${running.calls})`.as(as.skip),
    })
    .from(running)
    .where(gt(running.through, past))
    .orderBy(desc(running.period))
    .limit(bound(sql.raw('1')))
    .as(as.name);
}

const dayCounter = {
  table: callDayCounts,
  period: sql`${callDayCounts.day}`,
  count: sql`${callDayCounts.count}`,
};
const monthCounter = {
  table: callMonthCounts,
  period: sql`${callMonthCounts.month}`,
  count: sql`${callMonthCounts.count}`,
};

/**
 * A dated range's days with their counts: the day counters of its whole UTC days, and its part
 * days at either end, counted from the calls (labelled with their UTC day).
 */
function rangeDays(counted: SQL[], partDays: PartDayCount[]) {
  const parts = partDays.map(
    ({ day, count }) => sql` union all select ${sql.placeholder(day)}::date, ${count}`,
  );
  return {
    table: sql`(select ${callDayCounts.day} as period, ${callDayCounts.count} as n from ${callDayCounts}
      where ${and(...counted)}${sql.join(parts)}) as range_days`,
    period: sql`range_days.period`,
    count: sql`range_days.n`,
  };
}

/**
 * The UTC day the page starts in, and how many calls of that day and older to skip. A deep page
 * then skips at most one day's calls, not the whole offset. Without dates the month counters
 * find the month first (a dozen rows a year), then that month's day counters the day; a date
 * range walks its days (and its part days, when the user's days are not UTC days).
 */
function anchorOf(db: Db, f: Filters, counted: SQL[], partDays: PartDayCount[]) {
  const days = { name: 'anchor', period: 'day', skip: 'skip' };
  if (partDays.length) return walk(db, rangeDays(counted, partDays), [], offset, days);
  if (f.startDate || f.endDate) return walk(db, dayCounter, counted, offset, days);
  const byDirection = f.direction ? [eq(callMonthCounts.direction, sql.placeholder('direction'))] : [];
  const month = walk(
    db,
    monthCounter,
    [eq(callMonthCounts.userId, sql.placeholder('userId')), ...byDirection],
    offset,
    { name: 'month_anchor', period: 'month', skip: 'month_skip' },
  );
  const first = ref('month_anchor', 'month');
  const inMonth = [
    ...counted,
    gte(callDayCounts.day, first),
    lt(callDayCounts.day, sql`(${first} + interval '1 month')::date`),
  ];
  const day = walk(db, dayCounter, inMonth, ref('month_anchor', 'month_skip'), {
    ...days,
    name: 'day_anchor',
  });
  return db
    .select({
      period: sql<string>`${ref('day_anchor', 'day')}`.as('day'),
      skip: sql<number>`${ref('day_anchor', 'skip')}`.as('skip'),
    })
    .from(month)
    .crossJoinLateral(day)
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

// The anchor's day bounds the calls, and the range's end within a part day.
function deepPage(db: Db, f: Filters, counted: SQL[], listed: SQL[], partDays: PartDayCount[]) {
  const anchor = anchorOf(db, f, counted, partDays);
  const bounded =
    partDays.length && f.endDate ? [...listed, lt(calls.createdAt, sql.placeholder('until'))] : listed;
  // A slice as long as the longest page, then the page from it: the plan expects per_page rows.
  const slice = db
    .select({ id: calls.id, at: calls.createdAt })
    .from(calls)
    .where(and(...bounded, sql`${calls.createdAt} < (${anchor.period} + 1)::timestamp at time zone 'UTC'`))
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
 * - Postgres writes the page as one JSON array (empty past the end) beside the total: a row per
 *   call cost Node more than the query did (pg parsing each field, drizzle mapping each one: ~15 %
 *   of the route's main thread).
 * Each combination of filters and depth is a named prepared statement, so Postgres plans it once.
 */
function historyStatement(db: Db, f: Filters, near: boolean, parts: Parts) {
  const counted: SQL[] = [eq(callDayCounts.userId, sql.placeholder('userId'))];
  const listed: SQL[] = [eq(calls.userId, sql.placeholder('userId'))];
  if (f.direction) {
    counted.push(eq(callDayCounts.direction, sql.placeholder('direction')));
    listed.push(eq(calls.direction, sql.placeholder('direction')));
  }
  // A part day's calls, counted from the calls themselves (one day's rows at most, by index).
  const partDay = (name: 'head' | 'tail'): PartDayCount => ({
    day: `${name}Day`,
    count: sql`(select count(*) from ${calls} where ${and(
      ...listed,
      gte(calls.createdAt, sql.placeholder(`${name}From`)),
      lt(calls.createdAt, sql.placeholder(`${name}Until`)),
    )})`,
  });
  const partDays = [parts.head && partDay('head'), parts.tail && partDay('tail')].filter((p) => !!p);
  if (f.startDate) {
    counted.push(gte(callDayCounts.day, sql.placeholder('startDay')));
    listed.push(gte(calls.createdAt, sql.placeholder('from')));
  }
  // The range's end bounds the counters; the anchor's day, within them, bounds the calls.
  if (f.endDate) counted.push(lte(callDayCounts.day, sql.placeholder('endDay')));
  const totals = totalOf(
    db,
    f,
    counted,
    partDays.map((p) => p.count),
  );
  const page = near ? nearPage(db, f, listed) : deepPage(db, f, counted, listed, partDays);
  const name = `call_history_${near ? 'n' : ''}${f.direction ? 'd' : ''}${f.startDate ? 's' : ''}${f.endDate ? 'e' : ''}${parts.head ? 'h' : ''}${parts.tail ? 't' : ''}`;
  const call = sql`json_build_object('id', ${page.id}, 'direction', ${page.direction},
    'from_number', ${page.from_number}, 'to_number', ${page.to_number}, 'created_at',
    to_char(${page.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'duration', ${page.duration}, 'status', ${page.status})`;
  const pageJson: SQL<CallRecord[]> =
    sql`(select coalesce(json_agg(${call} order by ${page.at} desc, ${page.id} desc), '[]')
    from ${page})`;
  return db.select({ total: totals.total, calls: pageJson }).from(totals).prepare(name);
}

type Statement = ReturnType<typeof historyStatement>;
const statements = new WeakMap<Db, Map<string, Statement>>();

function statementFor(db: Db, f: Filters, near: boolean, parts: Parts): Statement {
  const key = `${near}${!!f.direction}${!!f.startDate}${!!f.endDate}${parts.head}${parts.tail}`;
  const forDb = statements.get(db) ?? new Map<string, Statement>();
  statements.set(db, forDb);
  let statement = forDb.get(key);
  if (!statement) forDb.set(key, (statement = historyStatement(db, f, near, parts)));
  return statement;
}

export async function callHistory(db: Db, userId: string, q: HistoryQuery) {
  const offset = (q.page - 1) * q.perPage;
  const { from, until, startDay, endDay, head, tail } = countedRange(q.startDate, q.endDate, q.timeZone);
  const parts = { head: !!head, tail: !!tail };
  const [{ total, calls }] = await statementFor(db, q, offset < NEAR_ROWS, parts).execute({
    userId,
    direction: q.direction,
    startDay,
    endDay,
    from: from?.toISOString(),
    until: until?.toISOString(),
    headDay: head?.day,
    headFrom: head?.from.toISOString(),
    headUntil: head?.until.toISOString(),
    tailDay: tail?.day,
    tailFrom: tail?.from.toISOString(),
    tailUntil: tail?.until.toISOString(),
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
