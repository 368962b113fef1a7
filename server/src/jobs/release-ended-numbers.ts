import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';

// A number is given back once its hold is over: service stopped 30 days ago (billing/holds.ts)
// and no live subscription came back since (that clears the hold).
const due = (now: Date, userId?: string) =>
  and(
    isNull(phoneNumbers.releasedAt),
    lte(phoneNumbers.heldUntil, now),
    userId ? eq(phoneNumbers.userId, userId) : undefined,
  );

const dueNumbers = (db: Db, now: Date, userId?: string) =>
  db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(due(now, userId));

// Releases each due number at the provider, then sets released_at. A failure leaves that number
// for the next run and the others go on; the job then fails naming them all. `now` is the sandbox
// clock's time when it runs for one account.
export async function releaseEndedNumbers(
  deps: Pick<AppDeps, 'db' | 'telephony'>,
  now = new Date(),
  userId?: string,
) {
  const failures: unknown[] = [];
  let released = 0;
  for (const { id } of await dueNumbers(deps.db, now, userId)) {
    try {
      if (await releaseNumber(deps, id, now)) released++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) {
    throw new AggregateError(failures, `${failures.length} number(s) could not be released.`);
  }
  return { released };
}

// Locks the number while the provider releases it: a renewal arriving meanwhile waits, and one
// that came before the lock has cleared the hold, so the number stays.
async function releaseNumber(deps: Pick<AppDeps, 'db' | 'telephony'>, id: string, now: Date) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sid: phoneNumbers.providerSid })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.id, id), due(now)))
      .for('update');
    if (!row) return false;
    if (row.sid) await deps.telephony.releaseNumber(row.sid);
    await tx.update(phoneNumbers).set({ releasedAt: new Date() }).where(eq(phoneNumbers.id, id));
    return true;
  });
}
