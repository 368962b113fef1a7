import { and, desc, eq, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls } from '../db/schema';
import { dayRange } from '../../../rules/days';
import type { CallRecord } from '../../../contract/calls';

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

/**
 * One page of a user's calls, newest first, and how many match, in ONE round trip of a few index
 * lookups, whatever the range, its time zone or the page's depth. Each call carries its place in its
 * account's history (record.ts; its place among its direction's calls when the list is filtered by
 * direction), so:
 * - the range's top is the place of its newest call, and its bottom the place of the newest call
 *   before it (0: none): the total is the one less the other;
 * - the page is the calls placed from `top - offset` down, read from the position index.
 * Postgres writes the page as one JSON array (empty past the end) beside the total: a row per call
 * cost Node more than the query did. Each combination of filters is a named prepared statement.
 */
function historyStatement(db: Db, f: Filters) {
  const place = f.direction ? calls.directionPosition : calls.position;
  const mine = and(
    eq(calls.userId, sql.placeholder('userId')),
    f.direction ? eq(calls.direction, sql.placeholder('direction')) : undefined,
  );
  // The place of the account's newest call before `before` (any, without it), or 0.
  const newestPlace = (before?: Placeholder) =>
    sql`coalesce((${db
      .select({ place })
      .from(calls)
      .where(and(mine, before && lt(calls.createdAt, before)))
      .orderBy(desc(calls.createdAt), desc(calls.id))
      .limit(1)}), 0)`;
  const top = newestPlace(f.endDate ? sql.placeholder('until') : undefined);
  const bottom = f.startDate ? newestPlace(sql.placeholder('from')) : sql`0`;
  // OFFSET 0 keeps the bounds one subquery, so each lookup runs once.
  const bounds = sql`(select ${top} as top, ${bottom} as bottom offset 0) as bounds`;
  const call = sql`json_build_object('id', ${calls.id}, 'direction', ${calls.direction},
    'from_number', ${calls.fromNumber}, 'to_number', ${calls.toNumber}, 'created_at',
    to_char(${calls.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'duration', ${calls.durationSeconds}, 'status', ${calls.status})`;
  const page = db
    .select({ call: call.as('call'), place: sql<number>`${place}`.as('place') })
    .from(calls)
    .where(
      and(mine, sql`${place} <= bounds.top - ${sql.placeholder('offset')}`, sql`${place} > bounds.bottom`),
    )
    .orderBy(desc(place))
    .limit(sql.placeholder('limit'))
    .as('page');
  const pageJson: SQL<CallRecord[]> =
    sql`(select coalesce(json_agg(${page.call} order by ${page.place} desc), '[]') from ${page})`;
  const name = `call_history_${f.direction ? 'd' : ''}${f.startDate ? 's' : ''}${f.endDate ? 'e' : ''}`;
  return db
    .select({ total: sql<number>`(bounds.top - bounds.bottom)::int`, calls: pageJson })
    .from(bounds)
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
  const { from, until } = dayRange(q.startDate, q.endDate, q.timeZone);
  const [{ total, calls }] = await statementFor(db, q).execute({
    userId,
    direction: q.direction,
    from: from?.toISOString(),
    until: until?.toISOString(),
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
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
