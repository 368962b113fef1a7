import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../db/client';
import { subscriptions } from '../db/schema';
import type { SubscriptionState } from './provider';
import { saveSubscription } from './subscriptions';

// The events that change a subscription, and the subscription each one names.
export function subscriptionIdOf(event: Stripe.Event): string | undefined {
  switch (event.type) {
    case 'checkout.session.completed': {
      const sub = event.data.object.subscription;
      return typeof sub === 'string' ? sub : sub?.id;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    default:
      return undefined;
  }
}

// Stores the subscription's state on its account, found by the user id we put in its metadata,
// the checkout's client_reference_id, or the customer id saved at checkout.
export async function applyStripeEvent(
  tx: Tx,
  event: Stripe.Event,
  state: SubscriptionState & { userId?: string },
  log: { warn: (o: object, m: string) => void },
) {
  const reference =
    event.type === 'checkout.session.completed' ? event.data.object.client_reference_id : null;
  let userId = state.userId ?? reference ?? undefined;
  if (!userId) {
    const [row] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, state.customerId));
    userId = row?.userId;
  }
  if (!userId) {
    log.warn(
      { eventId: event.id, customer: state.customerId },
      'stripe event for an unknown customer ignored',
    );
    return;
  }
  await saveSubscription(tx, userId, 'stripe', state);
}
