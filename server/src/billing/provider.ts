import type Stripe from 'stripe';

// What the billing domain needs from a payment provider (Stripe, or the embedded sandbox).

export interface Customer {
  userId: string;
  email: string;
  name: string;
  // The provider's customer id from an earlier checkout, if any.
  customerId?: string | null;
}

// The provider's view of a subscription, as stored in the subscriptions row.
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface UsageCharge {
  customerId: string;
  userId: string;
  month: string;
  cents: number;
  minutes: number;
  // The same key for a retry of the same charge, so it is never charged twice.
  idempotencyKey: string;
}

interface BillingProviderCore {
  // Answers the hosted checkout page for the $60/year plan with a 14-day trial.
  createCheckoutSession(customer: Customer): Promise<{ url: string; customerId: string }>;
  createPortalSession(customer: Customer & { customerId: string }): Promise<{ url: string }>;
  // The customer's newest subscription, read from the provider (null when it has none).
  latestSubscription(customerId: string): Promise<SubscriptionState | null>;
  // Adds extra minutes to the customer's pending charges (they go out with the next invoice)...
  addUsageCharge(charge: UsageCharge): Promise<void>;
  // ...and invoices the pending charges now, rather than at the yearly renewal.
  invoicePendingCharges(customerId: string, idempotencyKey: string): Promise<void>;
}

export interface SandboxBillingProvider extends BillingProviderCore {
  readonly name: 'sandbox';
}

// Stripe also sends signed webhooks; their events name a subscription to read back.
export interface StripeBillingProvider extends BillingProviderCore {
  readonly name: 'stripe';
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
  retrieveSubscription(id: string): Promise<SubscriptionState & { userId?: string }>;
}

export type BillingProvider = SandboxBillingProvider | StripeBillingProvider;
