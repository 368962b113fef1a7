import type Stripe from 'stripe';
import type {
  CardView,
  InvoiceItemView,
  InvoiceLineView,
  InvoiceView,
  PortalConfigurationView,
  PriceView,
  SubscriptionItemView,
  SubscriptionView,
} from '../../../providers/billing/stripe/api';

// Stripe's objects as the sandbox keeps them: the SDK's types (stripe/api.ts), cut down to the
// fields our provider and the sandbox pages read, ids in place of expanded objects. `sandbox_*`
// fields are the sandbox's own (a test card's behaviour, a customer's test clock).

export interface SbCustomer extends Pick<
  Stripe.Customer,
  'id' | 'object' | 'created' | 'email' | 'name' | 'metadata'
> {
  invoice_settings: { default_payment_method: string | null };
  // What the customer owes (positive) or is owed, added to the next invoice (Stripe's customer balance).
  balance: number;
  test_clock: string | null;
  // Seconds this customer's clock runs ahead of the real one.
  sandbox_clock_offset: number;
  // On a Stripe test clock the customer lives at its frozen time, which moves only when the clock is
  // advanced (docs/billing.md rule 20); the offset then is unused.
  sandbox_frozen_time?: number;
}

// What a test card does when charged (Stripe's test card numbers): 0341 attaches, then every charge fails.
export type CardBehaviour = 'succeeds' | 'charges_fail';

export interface SbPaymentMethod extends Pick<Stripe.PaymentMethod, 'id' | 'object' | 'created'> {
  type: 'card' | 'us_bank_account';
  customer: string;
  // A bank account has no card, so no card fingerprint.
  card: CardView | null;
  sandbox_behaviour: CardBehaviour;
}

export interface SbCheckoutSession extends Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'client_reference_id'
  | 'mode'
  | 'status'
  | 'success_url'
  | 'cancel_url'
  | 'expires_at'
  | 'allowed_payment_method_types'
> {
  customer: string;
  url: string;
  success_url: string;
  cancel_url: string;
  price: string;
  trial_period_days: number | null;
  subscription_metadata: Stripe.Metadata;
  subscription: string | null;
}

export interface SbPortalSession extends Pick<
  Stripe.BillingPortal.Session,
  'id' | 'object' | 'return_url' | 'url'
> {
  customer: string;
  configuration: string;
  return_url: string;
  expires_at: number;
}

export interface SbSubscription extends Omit<
  SubscriptionView,
  'customer' | 'default_payment_method' | 'items'
> {
  object: 'subscription';
  customer: string;
  default_payment_method: string | null;
  items: { data: (SubscriptionItemView & { price: string })[] };
  // Whether customer.subscription.trial_will_end was sent (3 days before the trial ends).
  sandbox_trial_warned?: boolean;
}

export type SbInvoiceLine = InvoiceLineView & { invoice_item: string | null };

export interface SbInvoice extends Omit<
  InvoiceView,
  'customer' | 'lines' | 'auto_advance' | 'default_payment_method'
> {
  object: 'invoice';
  customer: string;
  default_payment_method: string | null;
  auto_advance: boolean;
  lines: { object: 'list'; data: SbInvoiceLine[] };
}

export interface SbInvoiceItem extends Omit<InvoiceItemView, 'customer'> {
  object: 'invoiceitem';
  customer: string;
}

export interface SbTestClock extends Pick<
  Stripe.TestHelpers.TestClock,
  'id' | 'object' | 'created' | 'frozen_time' | 'name' | 'status'
> {}

export type SandboxObject =
  | SbTestClock
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
  livemode: false,
  currency: 'usd',
  unit_amount: 6000,
  recurring: { interval: 'year', interval_count: 1 },
} satisfies PriceView;

export const SANDBOX_PORTAL_CONFIGURATION = {
  id: 'bpc_sandbox',
  active: true,
  is_default: true,
  livemode: false,
  features: {
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
    subscription_update: { enabled: false },
  },
} satisfies PortalConfigurationView;
