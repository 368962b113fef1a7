import type Stripe from 'stripe';
import type { SandboxStripe } from '../../sandbox/billing/stripe/api';

// What the billing domain needs from a payment provider: Stripe, or the embedded sandbox that
// plays Stripe's part (both through stripe/billing.ts).

export interface Customer {
  userId: string;
  email: string;
  name: string;
  // The provider's customer id from an earlier checkout, if any.
  customerId?: string | null;
}

// The provider's view of a subscription, read back whenever one of its events arrives.
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  userId?: string;
  status: string;
  createdAt: Date;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  endedAt: Date | null;
  // Why it was cancelled: 'cancellation_requested', 'payment_failed', ...
  cancellationReason: string | null;
  // The card's fingerprint: the same card gives the same one, whatever the account.
  cardFingerprint: string | null;
  // The card it is paid with, as a person would name it ("Visa", "4242").
  card: { brand: string; last4: string } | null;
  // That card's id at the provider (its default payment method), which a customer may replace.
  paymentMethodId: string | null;
}

export interface InvoiceState {
  invoiceId: string;
  customerId: string | null;
  subscriptionId: string | null;
  status: string;
  // In cents.
  total: number;
  // A payment was tried (and, while open, failed); how many times.
  attempted: boolean;
  attemptCount: number;
  // When Stripe tries again (epoch seconds), if it does.
  nextPaymentAttempt: number | null;
  lines: { description: string | null; amount: number }[];
  billingReason: string | null;
  // The card the invoice names for its payments (before the subscription's and the customer's).
  paymentMethodId: string | null;
  // Our usage charges on it (their ledger keys).
  chargeKeys: string[];
}

export interface UsageCharge {
  // The ledger row's key: its invoice carries it (metadata.charge_key), so a retry finds what an
  // earlier attempt made instead of making it again.
  key: string;
  // Which attempt this is (1, 2, 3…): each attempt's requests have idempotency keys of their own, as
  // Stripe replays an attempt's saved failure to its key for 24 hours.
  attempt: number;
  // When the ledger row was written: an earlier attempt's invoice is no older.
  since: Date;
  userId: string;
  customerId: string;
  subscriptionId: string;
  cents: number;
  description: string;
  // A subscription invoice still in draft that the charge joins; otherwise it gets its own invoice.
  draftInvoiceId?: string | null;
}

export type ChargeResult = { invoiceId: string } | { notDraft: true };

type Ref = string | { id: string } | null | undefined;

/** The provider is set up wrongly for our plan: the server refuses to start with this sentence. */
export class BillingSetupError extends Error {}

// The part of a Stripe event we read; the sandbox's events have the same shape.
export interface BillingEvent {
  id: string;
  type: string;
  created: number;
  data: { object: { id?: string; subscription?: Ref; client_reference_id?: string | null } };
}

// The events the product acts on (billing/events/handle-event.ts): Stripe's webhook endpoint must
// send every one of them (checked at start-up).
export const BILLING_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const;

export interface BillingProviderCore {
  // The hosted checkout of the $60/year plan: with the 14-day trial, or paying the year today.
  createCheckoutSession(
    customer: Customer,
    options: { trial: boolean },
  ): Promise<{ url: string; customerId: string }>;
  createPortalSession(customer: Customer & { customerId: string }): Promise<{ url: string }>;
  // Ends the customer's open checkouts, so none left in another tab can be paid (one paid meanwhile
  // is left as it is).
  expireOpenCheckouts(customerId: string): Promise<void>;
  // The customer's newest subscription, a live one before one that ended (null when it has none).
  latestSubscription(customerId: string): Promise<SubscriptionState | null>;
  retrieveSubscription(id: string): Promise<SubscriptionState>;
  retrieveInvoice(id: string): Promise<InvoiceState>;
  // The customer's billing time (epoch seconds): a Stripe test clock's frozen time, else real time.
  customerNow(customerId: string): Promise<number>;
  // Ends a trial now, so the year is charged at once (a card that already had a trial).
  endTrialNow(subscriptionId: string): Promise<void>;
  cancelNow(subscriptionId: string): Promise<void>;
  // Removes the customer and its saved cards at the provider (its invoices stay there); a customer
  // already gone counts as removed.
  deleteCustomer(customerId: string): Promise<void>;
  // Charges usage to the subscription's card (the invoice is paid, or not, later: see its events).
  chargeUsage(charge: UsageCharge): Promise<ChargeResult>;
  // Tries an open invoice's payment now with the subscription's card of today, as when its customer
  // is about to be deleted: the invoice as it stands after (still open when the card was declined).
  payInvoiceNow(invoiceId: string, subscriptionId: string): Promise<InvoiceState>;
  // Names the card on an open invoice for all its payments from now on (Stripe's retries among them),
  // then tries its payment with that card at once: the invoice as it stands after (still open when
  // the card was declined). Once per invoice and card: asked again, nothing is charged twice.
  useCardForInvoice(invoiceId: string, paymentMethodId: string): Promise<InvoiceState>;
  // Throws a sentence saying what to fix when the provider is not set up for our plan
  // (BillingSetupError), or the provider's own error when it did not answer.
  checkSetup(): Promise<void>;
  // The provider's events of the last days that did not reach us (Stripe gives up after 3 days).
  undeliveredEvents(): Promise<BillingEvent[]>;
}

export interface SandboxBillingProvider extends BillingProviderCore {
  readonly name: 'sandbox';
  readonly sandbox: SandboxStripe;
}

// Stripe also sends signed webhooks.
export interface StripeBillingProvider extends BillingProviderCore {
  readonly name: 'stripe';
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

export type BillingProvider = SandboxBillingProvider | StripeBillingProvider;
