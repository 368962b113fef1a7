import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { usageMonths } from '../db/schema';
import { billedMinutes, monthOf, overageMinutes } from './plan';

export interface OverageReport {
  userId: string;
  // First day of the UTC month, YYYY-MM-DD.
  month: string;
  minutesUsed: number;
  // Minutes over the included ones that this call added (already rounded up per call).
  newOverageMinutes: number;
}

/**
 * Adds a completed call to its month's usage, inside the caller's transaction. Answers what to
 * report to billing when the call pushed the month further past the included minutes.
 */
export async function addCallUsage(
  tx: Tx,
  userId: string,
  startedAt: Date,
  seconds: number,
): Promise<OverageReport | undefined> {
  const minutes = billedMinutes(seconds);
  if (minutes === 0) return undefined;
  const month = monthOf(startedAt);
  const [row] = await tx
    .insert(usageMonths)
    .values({ userId, month, seconds, minutes })
    .onConflictDoUpdate({
      target: [usageMonths.userId, usageMonths.month],
      set: {
        seconds: sql`${usageMonths.seconds} + ${seconds}`,
        minutes: sql`${usageMonths.minutes} + ${minutes}`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ minutes: usageMonths.minutes });
  const added = overageMinutes(row.minutes) - overageMinutes(row.minutes - minutes);
  return added > 0 ? { userId, month, minutesUsed: row.minutes, newOverageMinutes: added } : undefined;
}
