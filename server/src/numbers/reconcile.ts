import { and, eq, isNull } from 'drizzle-orm';
import { numberWebhooks } from '../calls/urls';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';

// A purchase takes seconds; anything younger than this may still be one under way.
const SETTLE_MS = 60 * 60 * 1000;
// An orphan older than this was not left by a crash mid-purchase (those are released within the
// hour after it): more likely this database is behind (a restored backup). It is reported, never
// released, since Twilio does not promise to give a released number back.
const QUARANTINE_MS = 6 * 60 * 60 * 1000;
// Releasing many numbers at once means something is wrong with this database, not with Twilio.
const RELEASES_PER_RUN = 5;

/**
 * Compares the numbers the provider account holds with ours and settles what a crash or a failed
 * write left behind. Only numbers this deployment bought are touched: those whose voice URL is this
 * deployment's (APP_URL), so a staging server or another product on the same account is left alone.
 * - a number we reserved whose confirmation was lost is adopted (its owner keeps it);
 * - a number we released whose release did not reach the provider is released;
 * - a number no account owns is released if it is between one and six hours old (a purchase that
 *   crashed before recording it); older, it is quarantined: reported, never released;
 * - at most 5 releases a run; the rest wait for the next run (reported as deferred);
 * - a reservation over an hour old that the provider never sold us is dropped.
 * Numbers an account owns, held ones included (billing/holds.ts), are never touched. Safe to run again.
 */
export async function reconcileNumbers(deps: Pick<AppDeps, 'db' | 'telephony' | 'config'>, now = new Date()) {
  const voiceUrl = numberWebhooks(deps.config.appUrl).voiceUrl;
  const held = (await deps.telephony.listNumbers()).filter((n) => n.voiceUrl === voiceUrl);
  const rows = await deps.db.select().from(phoneNumbers);
  const ours = new Map(rows.filter((r) => !r.releasedAt).map((row) => [row.phoneNumber, row]));
  const releasedByUs = new Set(rows.filter((r) => r.releasedAt).map((r) => r.providerSid));
  const age = (createdAt: Date) => now.getTime() - createdAt.getTime();
  const result = {
    adopted: 0,
    released: 0,
    droppedReservations: 0,
    deferred: 0,
    quarantined: [] as string[],
  };
  const failures: unknown[] = [];

  for (const number of held) {
    const row = ours.get(number.phoneNumber);
    if (row) {
      if (!row.providerSid && (await adopt(deps, row.id, number.sid))) result.adopted++;
      continue;
    }
    const releasedEarlier = releasedByUs.has(number.sid);
    if (!releasedEarlier && age(number.createdAt) < SETTLE_MS) continue;
    if (!releasedEarlier && age(number.createdAt) >= QUARANTINE_MS) {
      result.quarantined.push(number.phoneNumber);
      continue;
    }
    if (result.released + failures.length >= RELEASES_PER_RUN) {
      result.deferred++;
      continue;
    }
    try {
      await deps.telephony.releaseNumber(number.sid);
      result.released++;
    } catch (error) {
      failures.push(error);
    }
  }

  const heldNumbers = new Set(held.map((n) => n.phoneNumber));
  for (const row of ours.values()) {
    if (row.providerSid || heldNumbers.has(row.phoneNumber) || age(row.createdAt) < SETTLE_MS) continue;
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
