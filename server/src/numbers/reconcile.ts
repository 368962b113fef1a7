import { and, eq, isNull } from 'drizzle-orm';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';

// A purchase takes seconds; anything younger than this may still be one under way.
const SETTLE_MS = 60 * 60 * 1000;

/**
 * Compares the numbers the provider account holds with ours and settles what a crash or a failed
 * write left behind:
 * - a number we reserved whose confirmation was lost is adopted (its owner keeps it);
 * - a number no account owns (bought but never recorded, or released by us but still at the
 *   provider) is released once it is over an hour old, so nobody pays for it;
 * - a reservation over an hour old that the provider never sold us is dropped.
 * Numbers an account owns, held ones included (billing/holds.ts), are never touched. Safe to run again.
 */
export async function reconcileNumbers(deps: Pick<AppDeps, 'db' | 'telephony'>, now = new Date()) {
  const held = await deps.telephony.listNumbers();
  const ours = await deps.db.select().from(phoneNumbers).where(isNull(phoneNumbers.releasedAt));
  const byNumber = new Map(ours.map((row) => [row.phoneNumber, row]));
  const settled = now.getTime() - SETTLE_MS;
  const result = { adopted: 0, released: 0, droppedReservations: 0 };
  const failures: unknown[] = [];

  for (const number of held) {
    const row = byNumber.get(number.phoneNumber);
    if (row) {
      if (!row.providerSid && (await adopt(deps, row.id, number.sid))) result.adopted++;
      continue;
    }
    if (number.createdAt.getTime() > settled) continue;
    try {
      await deps.telephony.releaseNumber(number.sid);
      result.released++;
    } catch (error) {
      failures.push(error);
    }
  }

  const heldNumbers = new Set(held.map((n) => n.phoneNumber));
  for (const row of ours) {
    if (row.providerSid || heldNumbers.has(row.phoneNumber) || row.createdAt.getTime() > settled) continue;
    const [dropped] = await deps.db
      .delete(phoneNumbers)
      .where(and(eq(phoneNumbers.id, row.id), isNull(phoneNumbers.providerSid)))
      .returning({ id: phoneNumbers.id });
    if (dropped) result.droppedReservations++;
  }

  if (failures.length) {
    throw new AggregateError(failures, `${failures.length} orphaned number(s) could not be released.`);
  }
  return result;
}

async function adopt(deps: Pick<AppDeps, 'db'>, id: string, sid: string) {
  const [adopted] = await deps.db
    .update(phoneNumbers)
    .set({ providerSid: sid })
    .where(and(eq(phoneNumbers.id, id), isNull(phoneNumbers.providerSid)))
    .returning({ id: phoneNumbers.id });
  return Boolean(adopted);
}
