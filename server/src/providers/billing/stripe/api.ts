import type Stripe from 'stripe';

// The part of Stripe's API the billing provider uses, with the fields it reads. The real SDK
// (`new Stripe(key)`) satisfies it, and so does the embedded sandbox (../sandbox/stripe/), which
// plays Stripe's side on one machine: one provider adapter, whichever answers.

type Options = Stripe.RequestOptions;
type Ref = string | { id: string };

export interface PaymentMethodView {
  id: string;
  card?: { brand: string; last4: string; fingerprint?: string | null } | null;
}

export interface SubscriptionView {
  id: string;
  customer: Ref;
  status: Stripe.Subscription.Status;
  created: number;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  ended_at: number | null;
  cancellation_details: { reason: Stripe.Subscription.CancellationDetails.Reason | null } | null;
  metadata: Stripe.Metadata;
  default_payment_method: string | PaymentMethodView | null;
  items: { data: { current_period_end: number }[] };
}

export interface InvoiceView {
  id: string;
  customer: Ref | null;
  status: Stripe.Invoice.Status | null;
  created: number;
  description: string | null;
  total: number;
  attempted: boolean;
  billing_reason: Stripe.Invoice.BillingReason | null;
  metadata: Stripe.Metadata | null;
  parent: { subscription_details: { subscription: Ref } | null } | null;
  lines: { data: { amount: number; description: string | null; metadata: Stripe.Metadata }[] };
}

export interface PriceView {
  id: string;
  active: boolean;
  currency: string;
  unit_amount: number | null;
  recurring: { interval: Stripe.Price.Recurring.Interval; interval_count: number } | null;
}

export interface PortalConfigurationView {
  id: string;
  active: boolean;
  features: {
    payment_method_update: { enabled: boolean };
    subscription_cancel: {
      enabled: boolean;
      mode: Stripe.BillingPortal.Configuration.Features.SubscriptionCancel.Mode;
    };
  };
}

export interface StripeApi {
  customers: {
    create(params: Stripe.CustomerCreateParams, options?: Options): Promise<{ id: string }>;
    // Stripe removes the customer and its saved cards; its invoices stay (they are Stripe's records).
    del(id: string): Promise<{ id: string; deleted: boolean }>;
  };
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams, options?: Options): Promise<{ url: string | null }>;
      list(params: Stripe.Checkout.SessionListParams): Promise<{ data: { id: string }[] }>;
      expire(id: string): Promise<{ id: string }>;
    };
  };
  billingPortal: {
    sessions: { create(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }> };
    configurations: {
      list(
        params?: Stripe.BillingPortal.ConfigurationListParams,
      ): Promise<{ data: PortalConfigurationView[] }>;
    };
  };
  prices: { retrieve(id: string): Promise<PriceView> };
  subscriptions: {
    retrieve(id: string, params?: Stripe.SubscriptionRetrieveParams): Promise<SubscriptionView>;
    list(params: Stripe.SubscriptionListParams): Promise<{ data: SubscriptionView[] }>;
    update(id: string, params: Stripe.SubscriptionUpdateParams, options?: Options): Promise<SubscriptionView>;
    cancel(
      id: string,
      params?: Stripe.SubscriptionCancelParams,
      options?: Options,
    ): Promise<SubscriptionView>;
  };
  invoiceItems: {
    create(
      params: Stripe.InvoiceItemCreateParams,
      options?: Options,
    ): Promise<{ id: string; invoice: Ref | null }>;
    retrieve(id: string): Promise<{ id: string; invoice: Ref | null }>;
  };
  invoices: {
    create(params: Stripe.InvoiceCreateParams, options?: Options): Promise<InvoiceView>;
    retrieve(id: string, params?: Stripe.InvoiceRetrieveParams): Promise<InvoiceView>;
    finalizeInvoice(
      id: string,
      params?: Stripe.InvoiceFinalizeInvoiceParams,
      options?: Options,
    ): Promise<InvoiceView>;
    // Charges an open invoice now: a declined card throws a card error (402), a paid invoice an error too.
    pay(id: string): Promise<InvoiceView>;
  };
}

export const idOf = (ref: Ref | null | undefined): string | null =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;
