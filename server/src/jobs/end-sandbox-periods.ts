import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';
import { LIVE_STATUSES } from '../billing/subscriptions';

// What Stripe does when a period ends, for the embedded sandbox (which has no webhooks): a
// trial or year that was not cancelled turns into a paid year (the card is never charged), and
// one cancelled at period end becomes 'canceled'.
export async function endSandboxPeriods(db: Db) {
  const ended = and(
    eq(subscriptions.provider, 'sandbox'),
    inArray(subscriptions.status, LIVE_STATUSES),
    lte(subscriptions.currentPeriodEnd, sql`now()`),
  );
  const canceled = await db
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(ended, eq(subscriptions.cancelAtPeriodEnd, true)))
    .returning({ id: subscriptions.id });
  const renewed = await db
    .update(subscriptions)
    .set({
      status: 'active',
      currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + interval '1 year'`,
      updatedAt: new Date(),
    })
    .where(and(ended, eq(subscriptions.cancelAtPeriodEnd, false)))
    .returning({ id: subscriptions.id });
  return { renewed: renewed.length, canceled: canceled.length };
}
