import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface HistoryQuery {
  page: number;
  perPage: number;
  // Whole UTC days, both included (YYYY-MM-DD).
  startDate?: string;
  endDate?: string;
  direction?: 'inbound' | 'outbound';
}

interface HistoryRow {
  total: number;
  id: string | null;
  direction: 'inbound' | 'outbound';
  from_number: string;
  to_number: string;
  created_at: string;
  duration: number;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * One page of a user's calls, newest first, and how many match, in ONE round trip:
 * - the page walks calls_user_created_idx (or the direction index) backwards from the range's end;
 * - the total sums the per-day counters (at most one row per day and direction in the range)
 *   instead of counting up to 100k call rows on every request.
 * The LEFT JOIN keeps the total when the page is past the end.
 */
export async function callHistory(db: Db, userId: string, q: HistoryQuery) {
  const counted: SQL[] = [sql`user_id = ${userId}`];
  const listed: SQL[] = [sql`user_id = ${userId}`];
  if (q.direction) {
    counted.push(sql`direction = ${q.direction}`);
    listed.push(sql`direction = ${q.direction}`);
  }
  if (q.startDate) {
    counted.push(sql`day >= ${q.startDate}::date`);
    listed.push(sql`created_at >= ${`${q.startDate}T00:00:00Z`}::timestamptz`);
  }
  if (q.endDate) {
    counted.push(sql`day <= ${q.endDate}::date`);
    listed.push(sql`created_at < ${nextDay(q.endDate)}::timestamptz`);
  }
  // Both drivers (node-postgres, PGlite) answer raw queries as { rows }.
  const { rows } = (await db.execute(sql`
    select t.total, c.id, c.direction, c.from_number, c.to_number, c.duration,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from (select coalesce(sum(count), 0)::int as total from call_day_counts
          where ${sql.join(counted, sql` and `)}) t
    left join lateral (
      select id, direction, from_number, to_number, duration_seconds as duration, created_at from calls
      where ${sql.join(listed, sql` and `)}
      order by created_at desc, id desc
      limit ${q.perPage} offset ${(q.page - 1) * q.perPage}
    ) c on true`)) as unknown as { rows: HistoryRow[] };
  const total = Number(rows[0]?.total ?? 0);
  return {
    calls: rows
      .filter((r) => r.id !== null)
      .map(({ id, direction, from_number, to_number, created_at, duration }) => ({
        id,
        direction,
        from_number,
        to_number,
        created_at,
        duration: Number(duration),
      })),
    metadata: {
      current_page: q.page,
      total_pages: Math.ceil(total / q.perPage),
      total_items: total,
      per_page: q.perPage,
    },
  };
}
