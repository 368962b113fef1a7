import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/client';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError, ProviderError } from '../http/errors';
import { numberOf, type NumberRow, numberView } from './numbers';
import { requireLiveSubscription } from './subscription';
import { numberWebhooks } from '../calls/urls';
import { NumberUnavailable, PurchaseUncertain } from '../providers/telephony/provider';
import { businessNumberProblem } from '../../../rules/destinations';
import { providerRefusals } from '../../../contract/refusals/providers';
import { numberRefusals } from '../../../contract/refusals/numbers';
import { httpRefusals } from '../../../contract/refusals/http';

// How long a second request for a number being bought waits for the first one to finish.
const PURCHASE_WAIT_MS = 15_000;
const PURCHASE_POLL_MS = 100;

/**
 * Buys a number for an account, at most once, without holding a transaction across the provider:
 * 1. reserve: insert the row (no provider id yet); the unique keys (one number per account, one
 *    account per number) let only one request through;
 * 2. buy it from the provider, outside any transaction;
 * 3. confirm: store the provider's id. If the provider refuses, the reservation goes (someone took
 *    the number: 409). If it does not answer, or answers a 5xx, it may have sold us the number all
 *    the same: it is asked, and the number is ours if it holds it; the reservation stays while that
 *    cannot be told. If confirming fails after the provider sold us the number, the number is given
 *    back to the provider.
 * Whatever a crash leaves half done, the hourly reconcile job (reconcile.ts) settles.
 */
export async function purchaseNumber(deps: AppDeps, userId: string, number: string) {
  await requireLiveSubscription(deps.db, userId);
  const refused = businessNumberProblem(number);
  if (refused) throw new HttpError(httpRefusals.inputRefused(refused));
  const existing = await numberOf(deps.db, userId);
  if (existing) return sameNumberOrConflict(deps, existing, number);

  const reservation = await reserve(deps.db, userId, number);
  if (!reservation) {
    // Lost a race: either our own concurrent request reserved it (idempotent) or someone else did.
    const mine = await numberOf(deps.db, userId);
    if (mine) return sameNumberOrConflict(deps, mine, number);
    throw numberTaken();
  }

  let sid: string;
  try {
    ({ sid } = await deps.telephony.purchaseNumber(number, numberWebhooks(deps.config.appUrl)));
  } catch (error) {
    if (error instanceof PurchaseUncertain) return settleReservation(deps, reservation);
    await deps.db.delete(phoneNumbers).where(eq(phoneNumbers.id, reservation.id));
    throw error instanceof NumberUnavailable ? numberTaken() : error;
  }
  try {
    const [confirmed] = await deps.db
      .update(phoneNumbers)
      .set({ providerSid: sid })
      .where(eq(phoneNumbers.id, reservation.id))
      .returning();
    if (!confirmed) throw new Error(`the reservation of ${number} disappeared`);
    return numberView(confirmed);
  } catch (cause) {
    // Bought but not recorded: give it back, so nobody pays for a number no account owns.
    await deps.telephony.releaseNumber(sid);
    await deps.db.delete(phoneNumbers).where(eq(phoneNumbers.id, reservation.id));
    throw new ProviderError(numberRefusals.setupFailed, { cause });
  }
}

const numberTaken = () => new HttpError(numberRefusals.unavailable);

/**
 * A reservation whose purchase may or may not have gone through: the provider's own list decides.
 * Held → confirmed (the account keeps it); not held → the reservation goes and the purchase can be
 * tried again; no answer → it stays for a later try or the reconcile job, and nothing is lost.
 */
async function settleReservation(deps: AppDeps, reservation: NumberRow) {
  let held;
  try {
    held = await deps.telephony.findNumber(reservation.phoneNumber);
  } catch {
    throw stillSettingUp();
  }
  if (held) {
    const [confirmed] = await deps.db
      .update(phoneNumbers)
      .set({ providerSid: held.sid })
      .where(eq(phoneNumbers.id, reservation.id))
      .returning();
    if (confirmed) return numberView(confirmed);
    throw stillSettingUp();
  }
  await deps.db
    .delete(phoneNumbers)
    .where(and(eq(phoneNumbers.id, reservation.id), isNull(phoneNumbers.providerSid)));
  throw new ProviderError(providerRefusals.numberNotBought);
}

const stillSettingUp = () => new HttpError(numberRefusals.purchaseInProgress);

async function reserve(db: Db, userId: string, number: string) {
  return db.transaction(async (tx) => {
    // Released rows keep the unique keys: a returning customer's old number, or this number given
    // back by someone else, gives way to the new purchase.
    await tx
      .delete(phoneNumbers)
      .where(
        and(
          isNotNull(phoneNumbers.releasedAt),
          or(eq(phoneNumbers.userId, userId), eq(phoneNumbers.phoneNumber, number)),
        ),
      );
    const [row] = await tx
      .insert(phoneNumbers)
      .values({ userId, phoneNumber: number })
      .onConflictDoNothing()
      .returning();
    return row;
  });
}

async function sameNumberOrConflict(deps: AppDeps, row: NumberRow, number: string) {
  if (row.phoneNumber !== number) {
    throw new HttpError(numberRefusals.exists);
  }
  const settled = row.providerSid ? row : await purchaseOutcome(deps.db, row.id);
  if (settled === 'failed') throw new ProviderError(providerRefusals.numberNotBought);
  if (settled) return numberView(settled);
  // No request is buying it any more (its answer from the provider never came): ask the provider.
  return settleReservation(deps, row);
}

// Another request of this account is buying the number: wait for it to confirm the number, or to
// give it up ('failed'); undefined if it is still at it.
async function purchaseOutcome(db: Db, id: string): Promise<NumberRow | 'failed' | undefined> {
  for (let waited = 0; waited < PURCHASE_WAIT_MS; waited += PURCHASE_POLL_MS) {
    await sleep(PURCHASE_POLL_MS);
    const [row] = await db
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.id, id), isNull(phoneNumbers.releasedAt)));
    if (!row) return 'failed';
    if (row.providerSid) return row;
  }
  return undefined;
}
