import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import type { StripeApi } from '../../../providers/billing/stripe/api';
import { clockNow, type CustomerContext, noSuch, realNow, SandboxStripeError } from './context';
import { IdempotencyKeys } from './idempotency';
import { invoiceItemsApi, invoicesApi } from './api-invoices';
import { subscriptionsApi } from './api-subscriptions';
import { paymentMethodsApi, testClocksApi } from './api-test-helpers';
import {
  SANDBOX_PORTAL_CONFIGURATION,
  SANDBOX_PRICE,
  type SbCheckoutSession,
  type SbCustomer,
  type SbPortalSession,
} from './objects';
import { newId, SandboxStore } from './store';

type Options = Stripe.RequestOptions | undefined;

/**
 * The embedded billing provider's Stripe: the API calls our provider makes, answered from the
 * sandbox's own records with Stripe's rules (docs/billing.md, "Stripe's rules"), and the events
 * Stripe would send kept in an outbox.
 */
export class SandboxStripe implements StripeApi {
  readonly store: SandboxStore;
  readonly keys: IdempotencyKeys;
  // Called after each change, as Stripe sends its webhooks: the app delivers the new events.
  onChange?: () => void;

  constructor(
    readonly db: Db,
    private readonly appUrl: string,
  ) {
    this.store = new SandboxStore(db);
    this.keys = new IdempotencyKeys(db);
  }

  /** Runs `fn` with the customer's objects locked, at the customer's test clock time. */
  async withCustomer<T>(customerId: string, fn: (ctx: CustomerContext) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const store = new SandboxStore(tx);
      const customer = await store.get<SbCustomer>(customerId, true);
      if (!customer) throw noSuch('customer', customerId);
      return fn({ store, customer, now: clockNow(customer) });
    });
    this.onChange?.();
    return result;
  }

  /** A POST under Stripe's idempotency rules (idempotency.ts); `scope` is its method and path. */
  idempotent<T>(options: Options, scope: string, params: unknown, execute: () => Promise<T>): Promise<T> {
    return this.keys.run(options?.idempotencyKey, scope, params, execute);
  }

  customers = {
    create: (params: Stripe.CustomerCreateParams, options?: Options) =>
      this.idempotent(options, 'POST /v1/customers', params, async () => {
        // On a test clock, the customer's time is the clock's.
        const clock = params.test_clock
          ? await this.testHelpers.testClocks.retrieve(params.test_clock)
          : null;
        const customer: SbCustomer = {
          id: newId('cus'),
          object: 'customer',
          created: clock?.frozen_time ?? realNow(),
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: (params.metadata || {}) as Stripe.Metadata,
          invoice_settings: { default_payment_method: null },
          balance: 0,
          test_clock: clock?.id ?? null,
          sandbox_clock_offset: 0,
          ...(clock ? { sandbox_frozen_time: clock.frozen_time } : {}),
        };
        await this.store.insert(customer);
        return customer;
      }),
    retrieve: async (id: string, params?: Stripe.CustomerRetrieveParams) => {
      const customer = await this.store.get<SbCustomer>(id);
      if (customer?.object !== 'customer') throw noSuch('customer', id);
      if (!customer.test_clock || !params?.expand?.includes('test_clock')) return customer;
      return { ...customer, test_clock: await this.testHelpers.testClocks.retrieve(customer.test_clock) };
    },
    del: async (id: string) => {
      if (!(await this.store.get<SbCustomer>(id))) throw noSuch('customer', id);
      await this.store.removeCustomer(id);
      return { id, deleted: true };
    },
  };

  checkout = {
    sessions: {
      create: (params: Stripe.Checkout.SessionCreateParams, options?: Options) =>
        this.idempotent(options, 'POST /v1/checkout/sessions', params, async () => {
          const price = params.line_items?.[0]?.price;
          if (params.mode !== 'subscription' || !params.customer || price !== SANDBOX_PRICE.id) {
            throw new SandboxStripeError(
              'invalid_request_error',
              'The sandbox checks out its yearly plan only.',
            );
          }
          const id = newId('cs');
          const session: SbCheckoutSession = {
            id,
            object: 'checkout.session',
            customer: params.customer,
            client_reference_id: params.client_reference_id ?? null,
            mode: 'subscription',
            status: 'open',
            url: `${this.appUrl}/api/sandbox/checkout/${id}`,
            success_url: params.success_url ?? `${this.appUrl}/`,
            cancel_url: params.cancel_url ?? `${this.appUrl}/`,
            expires_at: realNow() + 24 * 3600,
            // Unset, Stripe offers every method the account has on (dynamic payment methods), a
            // bank account or Link among them; a list filters those.
            allowed_payment_method_types: params.allowed_payment_method_types ?? null,
            price,
            trial_period_days: params.subscription_data?.trial_period_days ?? null,
            subscription_metadata: (params.subscription_data?.metadata ?? {}) as Stripe.Metadata,
            subscription: null,
          };
          await this.store.insert(session);
          return session;
        }),
      list: async (params: Stripe.Checkout.SessionListParams) => {
        const sessions = await this.store.list<SbCheckoutSession>('checkout.session', params.customer);
        const matching = sessions.filter((session) => !params.status || session.status === params.status);
        // Newest first, as Stripe lists (ids break a tie within a second).
        matching.sort((a, b) => b.expires_at - a.expires_at || b.id.localeCompare(a.id));
        const limit = Number(params.limit ?? 10);
        return { data: matching.slice(0, limit), has_more: matching.length > limit };
      },
      // Only an open session can be expired; its page then says the checkout has ended.
      expire: async (id: string) => {
        const found = await this.store.get<SbCheckoutSession>(id);
        if (found?.object !== 'checkout.session') throw noSuch('checkout.session', id);
        return this.withCustomer(found.customer, async (ctx) => {
          const session = (await ctx.store.get<SbCheckoutSession>(id, true))!;
          if (session.status !== 'open') {
            throw new SandboxStripeError(
              'invalid_request_error',
              'Only Checkout Sessions with a status in ["open"] can be expired.',
            );
          }
          const expired = { ...session, status: 'expired' as const };
          await ctx.store.save(expired);
          await ctx.store.emit('checkout.session.expired', expired, ctx.now);
          return expired;
        });
      },
    },
  };

  billingPortal = {
    sessions: {
      // Without `configuration`, Stripe uses the account's default portal configuration.
      create: async (params: Stripe.BillingPortal.SessionCreateParams) => {
        const customer = params.customer ?? '';
        if (!(await this.store.get(customer))) throw noSuch('customer', customer);
        const configuration = params.configuration ?? SANDBOX_PORTAL_CONFIGURATION.id;
        if (configuration !== SANDBOX_PORTAL_CONFIGURATION.id) throw noSuch('configuration', configuration);
        const id = newId('bps');
        const session: SbPortalSession = {
          id,
          object: 'billing_portal.session',
          customer,
          configuration,
          return_url: params.return_url ?? `${this.appUrl}/`,
          url: `${this.appUrl}/api/sandbox/portal/${id}`,
          expires_at: realNow() + 3600,
        };
        await this.store.insert(session);
        return session;
      },
    },
    configurations: { list: async () => ({ data: [SANDBOX_PORTAL_CONFIGURATION] }) },
  };

  prices = {
    retrieve: async (id: string) => {
      if (id !== SANDBOX_PRICE.id) throw noSuch('price', id);
      return SANDBOX_PRICE;
    },
  };

  // The sandbox delivers its events in process, to no endpoint.
  webhookEndpoints = { list: async () => ({ data: [] }) };

  events = {
    // `delivery_success: false`: events not (yet) delivered, as Stripe lists those it failed to deliver.
    list: async (params: Stripe.EventListParams = {}) => ({
      data: await this.store.events({
        undelivered: params.delivery_success === false,
        types: params.types,
        limit: Number(params.limit ?? 10),
      }),
    }),
  };

  testHelpers = { testClocks: testClocksApi(this) };
  paymentMethods = paymentMethodsApi(this);
  subscriptions = subscriptionsApi(this);
  invoiceItems = invoiceItemsApi(this);
  invoices = invoicesApi(this);
}
