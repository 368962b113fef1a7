import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { callDayCounts, calls } from '../db/schema';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = Omit<typeof calls.$inferInsert, 'id'>;

/** The UTC day of a call, as call_day_counts keys it. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Records a call once per provider call id, and counts it in its day's counter in the same
 * transaction, so the history's totals never drift from the rows. Answers undefined when the
 * call was already recorded (a redelivered webhook).
 */
export async function insertCall(tx: Tx, call: NewCall): Promise<CallRow | undefined> {
  const [row] = await tx
    .insert(calls)
    .values(call)
    .onConflictDoNothing({ target: calls.providerCallSid })
    .returning();
  if (!row) return undefined;
  await tx
    .insert(callDayCounts)
    .values({ userId: row.userId, day: utcDay(row.createdAt), direction: row.direction, count: 1 })
    .onConflictDoUpdate({
      target: [callDayCounts.userId, callDayCounts.day, callDayCounts.direction],
      set: { count: sql`${callDayCounts.count} + 1` },
    });
  return row;
}

/** Removes a call that never took place (the provider refused it), and its count. */
export async function deleteCall(tx: Tx, row: CallRow): Promise<void> {
  const [gone] = await tx.delete(calls).where(eq(calls.id, row.id)).returning({ id: calls.id });
  if (!gone) return;
  await tx
    .update(callDayCounts)
    .set({ count: sql`${callDayCounts.count} - 1` })
    .where(
      and(
        eq(callDayCounts.userId, row.userId),
        eq(callDayCounts.day, utcDay(row.createdAt)),
        eq(callDayCounts.direction, row.direction),
      ),
    );
}
