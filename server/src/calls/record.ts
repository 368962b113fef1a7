import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { callDayCounts, callMonthCounts, calls, callTotals } from '../db/schema';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = Omit<typeof calls.$inferInsert, 'id'>;

/** The UTC day of a call, as call_day_counts keys it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** The first day of a call's UTC month, as call_month_counts keys it. */
const utcMonth = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

/**
 * Counts a call in (delta 1) or out (delta -1) of its day's and month's counters and its direction's total,
 * in the caller's transaction, so the history's totals never drift from the rows.
 */
async function count(tx: Tx, row: CallRow, delta: 1 | -1): Promise<void> {
  await tx
    .insert(callDayCounts)
    .values({ userId: row.userId, day: utcDay(row.createdAt), direction: row.direction, count: delta })
    .onConflictDoUpdate({
      target: [callDayCounts.userId, callDayCounts.day, callDayCounts.direction],
      set: { count: sql`${callDayCounts.count} + ${delta}` },
    });
  await tx
    .insert(callMonthCounts)
    .values({ userId: row.userId, month: utcMonth(row.createdAt), direction: row.direction, count: delta })
    .onConflictDoUpdate({
      target: [callMonthCounts.userId, callMonthCounts.month, callMonthCounts.direction],
      set: { count: sql`${callMonthCounts.count} + ${delta}` },
    });
  await tx
    .insert(callTotals)
    .values({ userId: row.userId, direction: row.direction, count: delta })
    .onConflictDoUpdate({
      target: [callTotals.userId, callTotals.direction],
      set: { count: sql`${callTotals.count} + ${delta}` },
    });
}

/**
 * Records a call once per provider call id, and counts it. Answers undefined when the call was
 * already recorded (a redelivered webhook).
 */
export async function insertCall(tx: Tx, call: NewCall): Promise<CallRow | undefined> {
  const [row] = await tx
    .insert(calls)
    .values(call)
    .onConflictDoNothing({ target: calls.providerCallSid })
    .returning();
  if (row) await count(tx, row, 1);
  return row;
}

/** Removes a call that never took place (the provider refused it), and its count. */
export async function deleteCall(tx: Tx, row: CallRow): Promise<void> {
  const [gone] = await tx.delete(calls).where(eq(calls.id, row.id)).returning({ id: calls.id });
  if (gone) await count(tx, row, -1);
}
