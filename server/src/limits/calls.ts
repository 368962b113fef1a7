import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls } from '../db/schema';
import { TooManyRequests } from '../http/errors';
import { inWords, type Limits } from './limits';
import { CALL_MINUTES_PER_DAY } from './rules';
import { DAY_MS } from '../../../rules/days';

/** Minutes of click-to-calls the account talked since midnight UTC (from the recorded calls). */
async function minutesToday(db: Db, userId: string, now: Date): Promise<number> {
  const midnight = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const [row] = await db
    .select({ seconds: sql<number>`coalesce(sum(${calls.durationSeconds}), 0)::int` })
    .from(calls)
    .where(and(eq(calls.userId, userId), eq(calls.direction, 'outbound'), gte(calls.createdAt, midnight)));
  return row.seconds / 60;
}

/**
 * Places a click-to-call within the account's limits (rules.ts): minutes talked today, then calls
 * this hour and today. A call that is refused or fails gives its place back, so only calls that
 * went out count. Inbound calls are never limited: callers always reach a paying account.
 */
export async function withinCallLimits<T>(limits: Limits, db: Db, userId: string, place: () => Promise<T>) {
  const now = new Date();
  if ((await minutesToday(db, userId, now)) >= CALL_MINUTES_PER_DAY) {
    const seconds = Math.ceil((DAY_MS - (now.getTime() % DAY_MS)) / 1000);
    throw new TooManyRequests(
      seconds,
      `You have reached the limit of ${CALL_MINUTES_PER_DAY} minutes of calls a day. Please try again in ${inWords(seconds)}.`,
    );
  }
  const giveBack = await limits.callPlaced(userId);
  try {
    return await place();
  } catch (error) {
    await giveBack();
    throw error;
  }
}
