import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { usageMonths } from '../db/schema';
import { billedMinutes, monthOf, overageMinutes } from './plan';

// A month (first day, YYYY-MM-DD) that a call pushed further past the included minutes.
export interface OverageReport {
  userId: string;
  month: string;
}

/**
 * Adds a completed call to its month's usage, inside the caller's transaction. Answers the month
 * to report to billing when this call added minutes past the included ones.
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
  return added > 0 ? { userId, month } : undefined;
}
