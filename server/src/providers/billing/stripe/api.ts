import type Stripe from 'stripe';

// The part of Stripe's API the billing provider uses. Each object is the SDK's own type cut down to
// the fields we read (`Pick<Stripe.Invoice, …>`), so a name or a type can only be Stripe's. The real
// SDK (`new Stripe(key)`) satisfies it, and so does the embedded sandbox (../sandbox/stripe/), which
// plays Stripe's side on one machine: one provider adapter, whichever answers.

type Options = Stripe.RequestOptions;
type Ref = string | { id: string };
type List<T> = { data: T[]; has_more?: boolean };

export type CardView = Pick<
  Stripe.PaymentMethod.Card,
  'brand' | 'last4' | 'exp_month' | 'exp_year' | 'fingerprint'
>;
export type PaymentMethodView = Pick<Stripe.PaymentMethod, 'id' | 'type'> & { card?: CardView | null };

export type SubscriptionItemView = Pick<
  Stripe.SubscriptionItem,
  'id' | 'current_period_start' | 'current_period_end'
>;
export type SubscriptionView = Pick<
  Stripe.Subscription,
  | 'id'
  | 'customer'
  | 'status'
  | 'created'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'trial_start'
  | 'trial_end'
  | 'ended_at'
  | 'cancellation_details'
  | 'metadata'
  | 'latest_invoice'
  | 'livemode'
> & {
  default_payment_method: string | PaymentMethodView | null;
  items: { data: SubscriptionItemView[] };
};

// A customer made on a test clock lives on its frozen time (expanded, the clock itself).
export type CustomerView =
  | (Pick<Stripe.Customer, 'id'> & {
      test_clock?: string | Pick<Stripe.TestHelpers.TestClock, 'frozen_time'> | null;
    })
  | Pick<Stripe.DeletedCustomer, 'id' | 'deleted'>;

export type InvoiceLineView = Pick<Stripe.InvoiceLineItem, 'id' | 'amount' | 'description' | 'metadata'>;
export type InvoiceView = Pick<
  Stripe.Invoice,
  | 'id'
  | 'customer'
  | 'status'
  | 'created'
  | 'description'
  | 'currency'
  | 'collection_method'
  | 'total'
  | 'amount_due'
  | 'amount_paid'
  | 'starting_balance'
  | 'attempted'
  | 'attempt_count'
  | 'next_payment_attempt'
  | 'auto_advance'
  | 'automatically_finalizes_at'
  | 'billing_reason'
  | 'metadata'
  | 'parent'
  | 'status_transitions'
  | 'livemode'
  | 'default_payment_method'
> & { lines: { data: InvoiceLineView[] } };

export type InvoiceItemView = Pick<
  Stripe.InvoiceItem,
  'id' | 'customer' | 'amount' | 'currency' | 'description' | 'metadata' | 'invoice' | 'parent' | 'date'
>;

export type PriceView = Pick<Stripe.Price, 'id' | 'active' | 'currency' | 'unit_amount' | 'livemode'> & {
  recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'> | null;
};

export type PortalConfigurationView = Pick<
  Stripe.BillingPortal.Configuration,
  'id' | 'active' | 'is_default' | 'livemode'
> & {
  features: {
    payment_method_update: Pick<Stripe.BillingPortal.Configuration.Features.PaymentMethodUpdate, 'enabled'>;
    subscription_cancel: Pick<
      Stripe.BillingPortal.Configuration.Features.SubscriptionCancel,
      'enabled' | 'mode' | 'proration_behavior'
    >;
    subscription_update: Pick<Stripe.BillingPortal.Configuration.Features.SubscriptionUpdate, 'enabled'>;
  };
};

export type WebhookEndpointView = Pick<
  Stripe.WebhookEndpoint,
  'id' | 'url' | 'status' | 'enabled_events' | 'livemode'
>;

// `type` as text: the product reads the event types it knows and passes over the others.
export type EventView = Pick<Stripe.Event, 'id' | 'created'> & {
  type: string;
  data: { object: { id?: string; object?: string } };
};

export interface StripeApi {
  customers: {
    create(params: Stripe.CustomerCreateParams, options?: Options): Promise<{ id: string }>;
    retrieve(id: string, params?: Stripe.CustomerRetrieveParams): Promise<CustomerView>;
    // Stripe removes the customer and its saved cards; its invoices stay (they are Stripe's records).
    del(id: string): Promise<{ id: string; deleted: boolean }>;
  };
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams, options?: Options): Promise<{ url: string | null }>;
      list(params: Stripe.Checkout.SessionListParams): Promise<List<Pick<Stripe.Checkout.Session, 'id'>>>;
      expire(id: string): Promise<{ id: string }>;
    };
  };
  billingPortal: {
    sessions: { create(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }> };
    configurations: {
      list(params?: Stripe.BillingPortal.ConfigurationListParams): Promise<List<PortalConfigurationView>>;
    };
  };
  prices: { retrieve(id: string): Promise<PriceView> };
  webhookEndpoints: { list(params?: Stripe.WebhookEndpointListParams): Promise<List<WebhookEndpointView>> };
  events: { list(params?: Stripe.EventListParams): Promise<List<EventView>> };
  subscriptions: {
    retrieve(id: string, params?: Stripe.SubscriptionRetrieveParams): Promise<SubscriptionView>;
    list(params: Stripe.SubscriptionListParams): Promise<List<SubscriptionView>>;
    update(id: string, params: Stripe.SubscriptionUpdateParams, options?: Options): Promise<SubscriptionView>;
    cancel(id: string, params?: Stripe.SubscriptionCancelParams): Promise<SubscriptionView>;
  };
  invoiceItems: {
    create(params: Stripe.InvoiceItemCreateParams, options?: Options): Promise<InvoiceItemView>;
  };
  invoices: {
    create(params: Stripe.InvoiceCreateParams, options?: Options): Promise<InvoiceView>;
    retrieve(id: string, params?: Stripe.InvoiceRetrieveParams): Promise<InvoiceView>;
    list(params: Stripe.InvoiceListParams): Promise<List<InvoiceView>>;
    // An open invoice takes a new default_payment_method (most else is fixed once it is finalized).
    update(id: string, params: Stripe.InvoiceUpdateParams, options?: Options): Promise<InvoiceView>;
    finalizeInvoice(
      id: string,
      params?: Stripe.InvoiceFinalizeInvoiceParams,
      options?: Options,
    ): Promise<InvoiceView>;
    // Charges an open invoice now: a declined card throws a card error (402), a paid invoice an error too.
    pay(id: string, params?: Stripe.InvoicePayParams, options?: Options): Promise<InvoiceView>;
  };
}

export const idOf = (ref: Ref | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;
