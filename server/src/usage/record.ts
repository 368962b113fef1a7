import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { usageMonths } from '../db/schema';
import { monthOf } from './months';
import { billedMinutes, INCLUDED_MINUTES } from '../../../rules/plan';

// Billing acts when a month reaches 80 % of the included minutes (an email), 100 % (another),
// and on every minute past them (charged once $10 is due).
const REPORT_FROM_MINUTES = (INCLUDED_MINUTES * 80) / 100;

// A month (first day, YYYY-MM-DD) that a call took to or past a point billing acts on.
export interface OverageReport {
  userId: string;
  month: string;
}

/**
 * Adds a completed call to its month's usage, inside the caller's transaction. Answers the month
 * to report to billing once the month reached 80 % of the included minutes.
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
  return row.minutes >= REPORT_FROM_MINUTES ? { userId, month } : undefined;
}
