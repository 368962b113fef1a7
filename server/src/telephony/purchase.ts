import { and, eq, isNotNull, or } from 'drizzle-orm';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { numberOf, type NumberRow, numberView } from './numbers';
import { requireLiveSubscription } from './subscription';
import { webhookUrls } from './urls';

// Buys a number for an account, at most once. The row is inserted first, inside a transaction
// held open across the provider call: the unique keys (one number per account, one account per
// number) make a concurrent request for the same number wait for this one, then see its row
// instead of buying again. A provider failure rolls the row back, so nothing is half-recorded.
export async function purchaseNumber(deps: AppDeps, userId: string, number: string) {
  await requireLiveSubscription(deps.db, userId);
  const existing = await numberOf(deps.db, userId);
  if (existing) return sameNumberOrConflict(existing, number);

  const bought = await deps.db.transaction(async (tx) => {
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
    if (!row) return undefined;
    const { sid } = await deps.telephony.purchaseNumber(number, webhookUrls(deps.config.appUrl));
    await tx.update(phoneNumbers).set({ providerSid: sid }).where(eq(phoneNumbers.id, row.id));
    return row;
  });
  if (bought) return numberView(bought);

  // Lost a race: either our own concurrent request bought it (idempotent) or someone else did.
  const mine = await numberOf(deps.db, userId);
  if (mine) return sameNumberOrConflict(mine, number);
  throw new HttpError(
    409,
    'number_unavailable',
    'This number has just been taken. Please choose another one.',
  );
}

function sameNumberOrConflict(row: NumberRow, number: string) {
  if (row.phoneNumber === number) return numberView(row);
  throw new HttpError(409, 'number_exists', 'Your account already has a business number.');
}
