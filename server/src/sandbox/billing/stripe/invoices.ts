import type Stripe from 'stripe';
import { type CustomerContext, SandboxStripeError } from './context';
import type { SbInvoice, SbInvoiceItem, SbInvoiceLine, SbSubscription } from './objects';
import { newId } from './store';

// Which pending invoice items a new invoice takes: none; those of one subscription (or, with null,
// of none); or, for a subscription's own scheduled invoice, its items and those of no subscription
// (the SDK's InvoiceItemCreateParams.subscription: "When left blank, the invoice item is added to
// the next upcoming scheduled invoice").
export type PendingItems = 'none' | { of: string | null } | { scheduledFor: string };

interface NewInvoice {
  subscription: string | null;
  billing_reason: Stripe.Invoice.BillingReason;
  description?: string | null;
  metadata?: Stripe.Metadata;
  auto_advance: boolean;
  default_payment_method?: string | null;
  pending: PendingItems;
  lines?: Omit<SbInvoiceLine, 'id'>[];
}

// A draft invoice. Stripe finalizes an auto-advancing draft an hour after it was created.
export async function createInvoice(ctx: CustomerContext, input: NewInvoice) {
  const invoice: SbInvoice = {
    id: newId('in'),
    object: 'invoice',
    livemode: false,
    customer: ctx.customer.id,
    currency: 'usd',
    collection_method: 'charge_automatically',
    status: 'draft',
    created: ctx.now,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    billing_reason: input.billing_reason,
    parent: input.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: input.subscription, metadata: null },
        }
      : null,
    auto_advance: input.auto_advance,
    automatically_finalizes_at: input.auto_advance ? ctx.now + 3600 : null,
    default_payment_method: input.default_payment_method ?? null,
    total: 0,
    amount_due: 0,
    amount_paid: 0,
    starting_balance: 0,
    attempted: false,
    attempt_count: 0,
    next_payment_attempt: null,
    status_transitions: { finalized_at: null, paid_at: null, marked_uncollectible_at: null, voided_at: null },
    lines: { object: 'list', data: (input.lines ?? []).map((line) => ({ ...line, id: newId('il') })) },
  };
  const pending = await pendingItems(ctx, input.pending);
  for (const item of pending) addLine(invoice, item);
  invoice.total = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
  await ctx.store.insert(invoice);
  for (const item of pending) await ctx.store.save({ ...item, invoice: invoice.id });
  await ctx.store.emit('invoice.created', invoice, ctx.now);
  return invoice;
}

async function pendingItems(ctx: CustomerContext, which: PendingItems) {
  if (which === 'none') return [];
  const items = await ctx.store.list<SbInvoiceItem>('invoiceitem', ctx.customer.id);
  const subscriptionOfItem = (item: SbInvoiceItem) => item.parent?.subscription_details?.subscription ?? null;
  return items.filter((item) => {
    if (item.invoice) return false;
    const of = subscriptionOfItem(item);
    return 'of' in which ? of === which.of : of === null || of === which.scheduledFor;
  });
}

function addLine(invoice: SbInvoice, item: SbInvoiceItem) {
  invoice.lines.data.push({
    id: newId('il'),
    amount: item.amount,
    description: item.description,
    metadata: item.metadata ?? {},
    invoice_item: item.id,
  });
}

// Stripe only adds invoice items to a draft.
export async function addItemToDraft(ctx: CustomerContext, invoiceId: string, item: SbInvoiceItem) {
  const invoice = await ctx.store.get<SbInvoice>(invoiceId);
  if (!invoice || invoice.customer !== ctx.customer.id) {
    throw new SandboxStripeError('invalid_request_error', `No such invoice: '${invoiceId}'`, 404, 'invoice');
  }
  if (invoice.status !== 'draft') {
    throw new SandboxStripeError(
      'invalid_request_error',
      'You can only add invoice items to draft invoices.',
      400,
      'invoice',
    );
  }
  addLine(invoice, item);
  invoice.total += item.amount;
  await ctx.store.save(invoice);
}

export const subscriptionOf = async (ctx: CustomerContext, invoice: SbInvoice) => {
  const id = invoice.parent?.subscription_details?.subscription;
  return typeof id === 'string' ? ctx.store.get<SbSubscription>(id) : undefined;
};
