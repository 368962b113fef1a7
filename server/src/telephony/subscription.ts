import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';
import { HttpError } from '../http/errors';

// Buying, configuring and calling cost us money: they need a live (trialing or active) plan.
// The billing providers keep the subscriptions row true; this only reads it.
export async function requireLiveSubscription(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['trialing', 'active']),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, sql`now()`)),
      ),
    );
  if (!row) {
    throw new HttpError(
      403,
      'subscription_required',
      'An active subscription is required. Please start your trial or renew your plan.',
    );
  }
}
