import type Stripe from 'stripe';
import { BILLING_EVENT_TYPES, type BillingProviderCore, type StripeBillingProvider } from '../provider';
import { ProviderError } from '../../../http/errors';
import { idOf, type StripeApi } from './api';
import { call } from './call';
import { invoiceState, subscriptionState } from './state';
import { chargeUsage } from './charge';
import { checkStripeSetup, type SetupChecks, usablePortalConfiguration } from './setup';
import { dollars, TRIAL_DAYS, YEARLY_PRICE_CENTS } from '../../../../../rules/plan';
import { isLiveStatus } from '../../../../../rules/subscriptions';
import { providerRefusals } from '../../../../../contract/refusals/providers';

type StripeOptions = SetupChecks & { appUrl: string };

// Stripe keeps retrying an undelivered event for 3 days; what it then gave up on is listed for 30.
const UNDELIVERED_DAYS = 4;

/** Our billing on Stripe's API: the real one, or the sandbox's (both implement StripeApi). */
export function stripeAdapter(api: StripeApi, options: StripeOptions): BillingProviderCore {
  const subscription = async (id: string) =>
    call('read the subscription', () =>
      api.subscriptions.retrieve(id, { expand: ['default_payment_method'] }),
    );
  // An open invoice's payment tried now: the invoice as it stands after.
  const payNow = async (id: string, params: Stripe.InvoicePayParams, request?: Stripe.RequestOptions) => {
    try {
      return invoiceState(await api.invoices.pay(id, params, request));
    } catch (error) {
      // A declined card (402) leaves it open; one paid meanwhile (automatic collection, a retry of
      // ours) Stripe refuses to pay twice.
      const invoice = invoiceState(await api.invoices.retrieve(id));
      if ((error as { statusCode?: number }).statusCode === 402 || invoice.status === 'paid') return invoice;
      throw error;
    }
  };
  // The portal configuration the start-up check chose (looked up again if it has not run).
  let portalConfiguration: Promise<string> | undefined;
  const configuration = () => (portalConfiguration ??= usablePortalConfiguration(api));

  return {
    async createCheckoutSession(customer, { trial }) {
      const customerId =
        customer.customerId ??
        (
          await call('register you as a customer', () =>
            api.customers.create(
              { email: customer.email, name: customer.name, metadata: { user_id: customer.userId } },
              { idempotencyKey: `customer-${customer.userId}` },
            ),
          )
        ).id;
      const metadata = { user_id: customer.userId };
      const session = await call('start the checkout', () =>
        api.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: customer.userId,
          line_items: [{ price: options.priceId, quantity: 1 }],
          payment_method_collection: 'always',
          // Cards only: every trial then has a card fingerprint (one trial per card); Link or a bank
          // account would have none.
          allowed_payment_method_types: ['card'],
          subscription_data: trial ? { trial_period_days: TRIAL_DAYS, metadata } : { metadata },
          ...(trial
            ? {}
            : {
                custom_text: {
                  submit: {
                    message: `No free trial this time: ${dollars(YEARLY_PRICE_CENTS)} is due today.`,
                  },
                },
              }),
          success_url: `${options.appUrl}/checkout/redirect?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${options.appUrl}/checkout/cancel`,
        }),
      );
      if (!session.url) throw new ProviderError(providerRefusals.noCheckoutPage);
      return { url: session.url, customerId };
    },

    async expireOpenCheckouts(customerId) {
      const open = async () => {
        const list = await call('end an earlier checkout', () =>
          api.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }),
        );
        return list.data.map((session) => session.id);
      };
      for (const id of await open()) {
        try {
          await api.checkout.sessions.expire(id);
        } catch (cause) {
          // Only an open session can be expired: one paid meanwhile is no failure.
          if ((await open()).includes(id)) {
            throw new ProviderError(providerRefusals.earlierCheckoutNotEnded, {
              cause,
            });
          }
        }
      }
    },

    async createPortalSession(customer) {
      const session = await call('open the billing portal', () =>
        configuration().then((id) =>
          api.billingPortal.sessions.create({
            customer: customer.customerId,
            configuration: id,
            return_url: `${options.appUrl}/settings`,
          }),
        ),
      );
      return { url: session.url };
    },

    async latestSubscription(customerId) {
      const list = await call('read your subscription', () =>
        api.subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 10,
          expand: ['data.default_payment_method'],
        }),
      );
      // Newest first; `created` is in whole seconds, so one that ended may tie with its successor.
      const newest = list.data.find((sub) => isLiveStatus(sub.status)) ?? list.data[0];
      return newest ? subscriptionState(newest) : null;
    },

    retrieveSubscription: async (id) => subscriptionState(await subscription(id)),

    retrieveInvoice: async (id) =>
      invoiceState(await call('read the invoice', () => api.invoices.retrieve(id))),

    async customerNow(customerId) {
      const realNow = Math.floor(Date.now() / 1000);
      // Test clocks are test mode's alone: a live key's customers are on real time.
      if (options.liveKey) return realNow;
      const customer = await call('read your billing clock', () =>
        api.customers.retrieve(customerId, { expand: ['test_clock'] }),
      );
      const clock = 'test_clock' in customer ? customer.test_clock : null;
      return clock && typeof clock === 'object' ? clock.frozen_time : realNow;
    },

    async endTrialNow(id) {
      await call('start your paid year', () =>
        api.subscriptions.update(
          id,
          { trial_end: 'now', proration_behavior: 'none' },
          { idempotencyKey: `end-trial-${id}` },
        ),
      );
    },

    async cancelNow(id) {
      await call('cancel the subscription', () =>
        // A DELETE: Stripe ignores idempotency keys on it, and cancelling twice fails harmlessly.
        api.subscriptions.cancel(id, {}),
      );
    },

    async deleteCustomer(id) {
      await call('delete your customer record', () =>
        api.customers.del(id).catch((error: { statusCode?: number }) => {
          if (error.statusCode !== 404) throw error;
        }),
      );
    },

    chargeUsage: (charge) => chargeUsage(api, charge),

    payInvoiceNow: (id, subscriptionId) =>
      call('charge your extra minutes', async () => {
        // With the card the subscription has now: the invoice names the one it had when made.
        const sub = await api.subscriptions.retrieve(subscriptionId);
        const card = idOf(sub.default_payment_method);
        return payNow(id, card ? { payment_method: card } : {});
      }),

    useCardForInvoice: (id, card) =>
      call('charge your extra minutes', async () => {
        // Stripe charges the invoice's own card before the subscription's, its retries too: the
        // invoice names the new one (naming it again changes nothing, so this takes no key), then
        // is paid with it, once per card.
        await api.invoices.update(id, { default_payment_method: card });
        return payNow(id, {}, { idempotencyKey: `invoice-${id}-card-${card}` });
      }),

    async checkSetup() {
      const chosen = checkStripeSetup(api, options);
      portalConfiguration = chosen;
      await chosen.catch((error: unknown) => {
        portalConfiguration = undefined;
        throw error;
      });
    },

    async undeliveredEvents() {
      const since = Math.floor(Date.now() / 1000) - UNDELIVERED_DAYS * 86_400;
      const { data } = await call('list undelivered events', () =>
        api.events.list({
          delivery_success: false,
          created: { gte: since },
          types: [...BILLING_EVENT_TYPES],
          limit: 100,
        }),
      );
      return data;
    },
  };
}

export function stripeBilling(
  stripe: Stripe,
  options: Omit<StripeOptions, 'webhookUrl'> & { webhookSecret: string },
): StripeBillingProvider {
  return {
    name: 'stripe',
    ...stripeAdapter(stripe, { ...options, webhookUrl: `${options.appUrl}/api/billing/webhook` }),
    verifyEvent: (rawBody, signature) =>
      stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret),
  };
}
