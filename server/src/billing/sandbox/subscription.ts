import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { TRIAL_DAYS } from '../plan';
import { findSubscription, hasLiveSubscription, LIVE_STATUSES, saveSubscription } from '../subscriptions';

const DAY_MS = 86_400_000;

// What a completed checkout does at the real provider: a trial the first time, a paid year
// for a returning customer, and nothing new while a subscription is still live.
export async function startSandboxSubscription(db: Db, userId: string) {
  if (await hasLiveSubscription(db, userId)) return;
  const previous = await findSubscription(db, userId);
  const returning = Boolean(previous?.subscriptionId);
  await saveSubscription(db, userId, 'sandbox', {
    subscriptionId: `sandbox_sub_${randomUUID()}`,
    customerId: previous?.customerId ?? `sandbox_cus_${userId}`,
    status: returning ? 'active' : 'trialing',
    currentPeriodEnd: new Date(Date.now() + (returning ? 365 : TRIAL_DAYS) * DAY_MS),
    cancelAtPeriodEnd: false,
  });
}

export async function setCancelAtPeriodEnd(db: Db, userId: string, cancel: boolean) {
  await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)));
}
