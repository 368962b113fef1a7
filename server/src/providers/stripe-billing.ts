import Stripe from 'stripe';
import type { StripeBillingProvider, SubscriptionState } from '../billing/provider';
import { TRIAL_DAYS } from '../billing/plan';
import { ProviderError } from '../http/errors';

export interface StripeOptions {
  priceId: string;
  webhookSecret: string;
  appUrl: string;
}

// Stripe keeps the period end on each subscription item; the plan has one item.
function stateOf(sub: Stripe.Subscription): SubscriptionState & { userId?: string } {
  const periodEnd = sub.items.data[0]?.current_period_end ?? sub.trial_end;
  return {
    subscriptionId: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    userId: sub.metadata?.user_id,
  };
}

// Any Stripe failure becomes a 502 with a sentence; its details go to the log.
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new ProviderError(`The payment provider could not ${what}. Please try again.`, { cause: error });
  }
}

export function stripeBilling(stripe: Stripe, options: StripeOptions): StripeBillingProvider {
  return {
    name: 'stripe',
    async createCheckoutSession(customer) {
      const customerId =
        customer.customerId ??
        (
          await call('register you as a customer', () =>
            stripe.customers.create({
              email: customer.email,
              name: customer.name,
              metadata: { user_id: customer.userId },
            }),
          )
        ).id;
      const session = await call('start the checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: customer.userId,
          line_items: [{ price: options.priceId, quantity: 1 }],
          payment_method_collection: 'always',
          subscription_data: { trial_period_days: TRIAL_DAYS, metadata: { user_id: customer.userId } },
          success_url: `${options.appUrl}/checkout/redirect?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${options.appUrl}/checkout/cancel`,
        }),
      );
      if (!session.url) throw new ProviderError('The payment provider did not answer a checkout page.');
      return { url: session.url, customerId };
    },
    async createPortalSession(customer) {
      const session = await call('open the billing portal', () =>
        stripe.billingPortal.sessions.create({
          customer: customer.customerId,
          return_url: `${options.appUrl}/settings`,
        }),
      );
      return { url: session.url };
    },
    async latestSubscription(customerId) {
      const list = await call('read your subscription', () =>
        stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 1 }),
      );
      return list.data[0] ? stateOf(list.data[0]) : null;
    },
    async retrieveSubscription(id) {
      return stateOf(await call('read the subscription', () => stripe.subscriptions.retrieve(id)));
    },
    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
    async addUsageCharge(usage) {
      await call('record your extra minutes', () =>
        stripe.invoiceItems.create(
          {
            customer: usage.customerId,
            amount: usage.cents,
            currency: 'usd',
            description: `Extra minutes for ${usage.month.slice(0, 7)} (${usage.minutes} min over the plan)`,
            metadata: { user_id: usage.userId, month: usage.month },
          },
          { idempotencyKey: usage.idempotencyKey },
        ),
      );
    },
    // Usage gets its own invoice: the yearly subscription invoice comes too rarely.
    async invoicePendingCharges(customerId, idempotencyKey) {
      await call('charge your extra minutes', async () => {
        const invoice = await stripe.invoices.create(
          {
            customer: customerId,
            collection_method: 'charge_automatically',
            pending_invoice_items_behavior: 'include',
            auto_advance: true,
            description: 'Forwardly extra minutes',
          },
          { idempotencyKey },
        );
        await stripe.invoices.finalizeInvoice(invoice.id!, { auto_advance: true });
      });
    },
  };
}
