import type Stripe from 'stripe';
import type { InvoiceView, SubscriptionView } from '../../stripe/api';

// Stripe's objects as the sandbox keeps them: the fields of the 2026-10-28 API that our provider
// and the sandbox pages read, with Stripe's names and meanings. `sandbox_*` fields are the
// sandbox's own (a test card's behaviour, a customer's test clock).

export interface SbCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Stripe.Metadata;
  invoice_settings: { default_payment_method: string | null };
  // Seconds this customer's test clock runs ahead of the real one.
  sandbox_clock_offset: number;
}

// What a test card does when charged (Stripe's test card numbers): 0341 attaches, then every charge fails.
export type CardBehaviour = 'succeeds' | 'charges_fail';

export interface SbPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string;
  created: number;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
  sandbox_behaviour: CardBehaviour;
}

export interface SbCheckoutSession {
  id: string;
  object: 'checkout.session';
  customer: string;
  client_reference_id: string | null;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  url: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  price: string;
  trial_period_days: number | null;
  subscription_metadata: Stripe.Metadata;
  subscription: string | null;
}

export interface SbPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
  expires_at: number;
}

export interface SbSubscription extends Omit<SubscriptionView, 'customer' | 'default_payment_method'> {
  object: 'subscription';
  customer: string;
  default_payment_method: string | null;
  canceled_at: number | null;
  trial_start: number | null;
  latest_invoice: string | null;
  items: { data: { price: string; current_period_start: number; current_period_end: number }[] };
}

export interface SbInvoiceLine {
  id: string;
  amount: number;
  description: string | null;
  metadata: Stripe.Metadata;
  invoice_item: string | null;
}

export interface SbInvoice extends Omit<InvoiceView, 'customer' | 'lines'> {
  object: 'invoice';
  customer: string;
  currency: 'usd';
  collection_method: 'charge_automatically';
  auto_advance: boolean;
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  automatically_finalizes_at: number | null;
  default_payment_method: string | null;
  status_transitions: { finalized_at: number | null; paid_at: number | null };
  lines: { object: 'list'; data: SbInvoiceLine[] };
}

export interface SbInvoiceItem {
  id: string;
  object: 'invoiceitem';
  customer: string;
  date: number;
  amount: number;
  currency: 'usd';
  description: string | null;
  metadata: Stripe.Metadata;
  invoice: string | null;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } } | null;
}

export type SandboxObject =
  | SbCustomer
  | SbPaymentMethod
  | SbCheckoutSession
  | SbPortalSession
  | SbSubscription
  | SbInvoice
  | SbInvoiceItem;

// The sandbox's one plan: the yearly $60 price, and a portal that cancels at period end.
export const SANDBOX_PRICE = {
  id: 'price_sandbox_yearly',
  active: true,
  currency: 'usd',
  unit_amount: 6000,
  recurring: { interval: 'year' as const, interval_count: 1 },
};

export const SANDBOX_PORTAL_CONFIGURATION = {
  id: 'bpc_sandbox',
  active: true,
  features: {
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'at_period_end' as const },
  },
};
