import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { phoneNumbers, subscriptions } from '../db/schema';
import type { AppDeps } from '../deps';

// A number is given back once its account's subscription period ended more than a day ago.
// Such a subscription is never live (live needs a period end still to come), and the day of
// grace lets a late webhook (Stripe turning a trial into a paid year) renew it first.
const ended = and(
  isNull(phoneNumbers.releasedAt),
  lt(subscriptions.currentPeriodEnd, sql`now() - interval '1 day'`),
);

const dueNumbers = (db: Db) =>
  db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .innerJoin(subscriptions, eq(subscriptions.userId, phoneNumbers.userId))
    .where(ended);

// Releases each due number at the provider, then sets released_at. A failure leaves that
// number for the next run and the others go on; the job then fails naming them all.
export async function releaseEndedNumbers(deps: Pick<AppDeps, 'db' | 'telephony'>) {
  const failures: unknown[] = [];
  let released = 0;
  for (const { id } of await dueNumbers(deps.db)) {
    try {
      if (await releaseNumber(deps, id)) released++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) {
    throw new AggregateError(failures, `${failures.length} number(s) could not be released.`);
  }
  return { released };
}

// Locks the number and its subscription while the provider releases it: a renewal arriving
// meanwhile waits, and a subscription renewed before the lock keeps its number.
async function releaseNumber(deps: Pick<AppDeps, 'db' | 'telephony'>, id: string) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sid: phoneNumbers.providerSid })
      .from(phoneNumbers)
      .innerJoin(subscriptions, eq(subscriptions.userId, phoneNumbers.userId))
      .where(and(eq(phoneNumbers.id, id), ended))
      .for('update');
    if (!row) return false;
    if (row.sid) await deps.telephony.releaseNumber(row.sid);
    await tx.update(phoneNumbers).set({ releasedAt: new Date() }).where(eq(phoneNumbers.id, id));
    return true;
  });
}
