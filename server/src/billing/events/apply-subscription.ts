import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { billUsage } from '../charges/bill-usage';
import { payWithNewCard } from '../charges/new-card';
import { waiveUnbilled } from '../charges/waive';
import { followService } from '../holds';
import type { SubscriptionState } from '../../providers/billing/provider';
import { isLiveStatus } from '../../../../rules/subscriptions';
import { trialAlreadyUsed } from '../trials';
import { addTask } from '../tasks';

type Deps = Pick<AppDeps, 'db' | 'billing'>;
type Log = { warn: (o: object, m: string) => void };

const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid']);

// An older subscription than the account's, or one created the same second that has ended while the
// account's is live (Stripe's `created` is in whole seconds).
function isOlder(state: SubscriptionState, current: { subscriptionCreatedAt: Date | null; status: string }) {
  const theirs = current.subscriptionCreatedAt?.getTime();
  if (theirs === undefined) return false;
  const mine = state.createdAt.getTime();
  return mine < theirs || (mine === theirs && isLiveStatus(current.status) && !isLiveStatus(state.status));
}

/**
 * The one place a subscription's state reaches the account, whoever reports it (a Stripe webhook,
 * the sandbox's events, the return from checkout). `at` is when the provider made the change.
 * Only the account's current subscription changes it: an older one's late events change nothing
 * (but a still-live older one is cancelled). `cancelled`: the older subscription a first pass
 * cancelled before replacing it (see below).
 */
export async function applySubscription(
  deps: Deps,
  state: SubscriptionState,
  at: Date,
  options: { userId?: string | null; log?: Log } = {},
  cancelled?: string,
): Promise<void> {
  const outcome = await deps.db.transaction(async (tx) => {
    let userId = state.userId ?? options.userId ?? undefined;
    const [byCustomer] = userId
      ? []
      : await tx.select().from(subscriptions).where(eq(subscriptions.customerId, state.customerId));
    userId ??= byCustomer?.userId;
    // A deleted account's late events (its subscription cancelled on the way out) name a user id
    // that is gone: held for key share, the account cannot be deleted while its event applies.
    const [user] = userId
      ? await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share')
      : [];
    if (!userId || !user) {
      options.log?.warn({ customer: state.customerId }, 'billing event for an unknown customer ignored');
      return [];
    }
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    const other = row?.subscriptionId && row.subscriptionId !== state.subscriptionId ? row : undefined;
    if (other && isOlder(state, other)) {
      // Events came newest first: an older subscription still live beside the account's stops.
      const live = isLiveStatus(state.status) && isLiveStatus(other.status);
      return live ? [() => deps.billing.cancelNow(state.subscriptionId)] : [];
    }
    // A second subscription replaces a live one (two checkouts at once): the older one is cancelled
    // before the row moves on, so if Stripe fails the redelivered event still finds it to cancel.
    if (other && isLiveStatus(other.status) && other.subscriptionId !== cancelled) {
      return { cancelFirst: other.subscriptionId! };
    }

    const values = {
      provider: deps.billing.name,
      customerId: state.customerId,
      subscriptionId: state.subscriptionId,
      subscriptionCreatedAt: state.createdAt,
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      updatedAt: new Date(),
    };
    await tx
      .insert(subscriptions)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    await followService(tx, userId, isLiveStatus(state.status), at);

    const actions: (() => Promise<unknown>)[] = [];
    // A card the customer replaced pays what its declined predecessor left open.
    const card = state.paymentMethodId;
    if (card) actions.push(() => payWithNewCard(deps, user.id, card));
    const noTrial = state.status === 'trialing' && (await trialAlreadyUsed(tx, userId, state));
    if (noTrial) actions.push(() => deps.billing.endTrialNow(state.subscriptionId));
    // The account's plan starts with this subscription: its welcome mail goes after (billing/work.ts).
    if (row?.subscriptionId !== state.subscriptionId && isLiveStatus(state.status)) {
      const welcome = {
        userId,
        subscriptionId: state.subscriptionId,
        trial: state.status === 'trialing' && !noTrial,
      };
      await addTask(tx, `welcome:${state.subscriptionId}`, 'welcome', welcome, userId);
    }
    if (ENDED.has(state.status)) {
      const endedInTrial = state.trialEnd && state.endedAt && state.endedAt <= state.trialEnd;
      if (endedInTrial) await waiveUnbilled(tx, userId);
      // A paid subscription the customer ended: what is left is charged to its card now.
      else if (state.cancellationReason === 'cancellation_requested') {
        const id = userId;
        actions.push(() => billUsage(deps, id, { kind: 'final' }));
      }
    }
    return actions;
  });
  if ('cancelFirst' in outcome) {
    await deps.billing.cancelNow(outcome.cancelFirst);
    return applySubscription(deps, state, at, options, outcome.cancelFirst);
  }
  for (const action of outcome) await action();
}
