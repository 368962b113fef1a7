import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { phoneNumbers } from '../db/schema';
import { NUMBER_HOLD_DAYS } from '../../../rules/plan';

/**
 * The account's number follows its service: when the subscription stops being live the number is
 * held for 30 days (still the account's, offered to nobody else, calls hear "not in service"),
 * and a live subscription again within the hold keeps it.
 */
export async function followService(tx: Tx, userId: string, live: boolean, at: Date) {
  const mine = and(eq(phoneNumbers.userId, userId), isNull(phoneNumbers.releasedAt));
  if (live) {
    await tx
      .update(phoneNumbers)
      .set({ heldUntil: null })
      .where(and(mine, isNotNull(phoneNumbers.heldUntil)));
    return;
  }
  await tx
    .update(phoneNumbers)
    .set({ heldUntil: sql`${at.toISOString()}::timestamptz + make_interval(days => ${NUMBER_HOLD_DAYS})` })
    .where(and(mine, isNull(phoneNumbers.heldUntil)));
}
