import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { trials } from '../db/schema';
import type { SubscriptionState } from '../providers/billing/provider';

/**
 * One trial per customer: answers false (and records the trial) for the account's first trial on
 * a card that never had one; true when the account or the card already had a trial, or when there
 * is no card to tell (checkout takes cards only, so a trial without one came some other way), and
 * the trial must end now. Safe to repeat for the same subscription; a trial once granted stays.
 */
export async function trialAlreadyUsed(tx: Tx, userId: string, state: SubscriptionState): Promise<boolean> {
  // A trial granted stays: a card put on in the portal later (its customer.subscription.updated)
  // takes nothing back, even one that had a trial elsewhere.
  const [granted] = await tx
    .select({ id: trials.subscriptionId })
    .from(trials)
    .where(eq(trials.subscriptionId, state.subscriptionId));
  if (granted) return false;
  const card = state.cardFingerprint;
  if (!card) return true;
  // Two accounts checking out with the same card at once must not both get a trial.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trial-card:${card}`}))`);
  const earlier = await tx
    .select({ id: trials.subscriptionId })
    .from(trials)
    .where(
      and(
        ne(trials.subscriptionId, state.subscriptionId),
        or(eq(trials.userId, userId), eq(trials.cardFingerprint, card)),
      ),
    )
    .limit(1);
  if (earlier.length) return true;
  await tx
    .insert(trials)
    .values({ subscriptionId: state.subscriptionId, userId, cardFingerprint: card })
    .onConflictDoNothing();
  return false;
}
