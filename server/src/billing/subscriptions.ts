import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { subscriptions } from '../db/schema';
import type { SubscriptionState } from './provider';

export const LIVE_STATUSES = ['trialing', 'active'];

// Live = trialing or active and not past its period end (a subscription cancelled at period
// end stays live until then; the provider moves it to 'canceled' afterwards).
export async function hasLiveSubscription(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, LIVE_STATUSES),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, sql`now()`)),
      ),
    );
  return Boolean(row);
}

export async function findSubscription(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

// Writes the provider's state over the account's row (one subscription per account).
export async function saveSubscription(
  db: Db | Tx,
  userId: string,
  provider: string,
  state: SubscriptionState,
) {
  const values = {
    provider,
    customerId: state.customerId,
    subscriptionId: state.subscriptionId,
    status: state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    updatedAt: new Date(),
  };
  await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

// Remembers the provider's customer before checkout completes, without touching a live plan.
export async function saveCustomer(db: Db, userId: string, provider: string, customerId: string) {
  await db
    .insert(subscriptions)
    .values({ userId, provider, customerId, status: 'incomplete' })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { customerId, provider, updatedAt: new Date() },
    });
}
