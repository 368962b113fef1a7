import type Stripe from 'stripe';
import type { SandboxStripe } from './api';
import { type CustomerContext, noSuch, SandboxStripeError } from './context';
import { addItemToDraft, createInvoice, type PendingItems } from './invoices';
import type { SbInvoice, SbInvoiceItem, SbPaymentMethod } from './objects';
import { attemptPayment, finalizeInvoice } from './payments';
import { newId } from './store';

type Options = Stripe.RequestOptions | undefined;

// Stripe: a card named for an invoice (its default, or one payment's) must belong to its customer.
async function customersOwn(ctx: CustomerContext, customer: string, card: string) {
  if ((await ctx.store.get<SbPaymentMethod>(card))?.customer !== customer)
    throw noSuch('PaymentMethod', card);
}

// Stripe's invoice items and invoices APIs, on the sandbox's records.
export function invoiceItemsApi(sandbox: SandboxStripe) {
  return {
    create: (params: Stripe.InvoiceItemCreateParams, options?: Options) =>
      sandbox.idempotent(options, 'POST /v1/invoiceitems', params, () => {
        if (!params.amount || params.currency !== 'usd') {
          throw new SandboxStripeError(
            'invalid_request_error',
            'An amount in usd is required.',
            400,
            'amount',
          );
        }
        return sandbox.withCustomer(params.customer ?? '', async (ctx) => {
          const item: SbInvoiceItem = {
            id: newId('ii'),
            object: 'invoiceitem',
            customer: ctx.customer.id,
            date: ctx.now,
            amount: params.amount!,
            currency: 'usd',
            description: params.description ?? null,
            metadata: (params.metadata || {}) as Stripe.Metadata,
            invoice: params.invoice ?? null,
            parent: params.subscription
              ? { type: 'subscription_details', subscription_details: { subscription: params.subscription } }
              : null,
          };
          if (params.invoice) await addItemToDraft(ctx, params.invoice, item);
          await ctx.store.insert(item);
          return item;
        });
      }),
  };
}

// Which pending invoice items a new invoice sweeps in (the SDK's InvoiceCreateParams): with
// `subscription`, only that subscription's; otherwise none unless `pending_invoice_items_behavior`
// is `include` (then the customer's items of no subscription). Stripe refuses both at once.
function pendingOf(params: Stripe.InvoiceCreateParams): PendingItems {
  if (params.subscription && params.pending_invoice_items_behavior) {
    throw new SandboxStripeError(
      'invalid_request_error',
      'You may only specify one of these parameters: pending_invoice_items_behavior, subscription.',
      400,
      'pending_invoice_items_behavior',
    );
  }
  if (params.subscription) return { of: params.subscription };
  return params.pending_invoice_items_behavior === 'include' ? { of: null } : 'none';
}

export function invoicesApi(sandbox: SandboxStripe) {
  const retrieve = async (id: string) => {
    const invoice = await sandbox.store.get<SbInvoice>(id);
    if (invoice?.object !== 'invoice') throw noSuch('invoice', id);
    return invoice;
  };
  return {
    retrieve,
    create: (params: Stripe.InvoiceCreateParams, options?: Options) =>
      sandbox.idempotent(options, 'POST /v1/invoices', params, () => {
        const pending = pendingOf(params);
        return sandbox.withCustomer(params.customer ?? '', (ctx) =>
          createInvoice(ctx, {
            subscription: params.subscription ?? null,
            billing_reason: 'manual',
            description: params.description,
            metadata: (params.metadata || {}) as Stripe.Metadata,
            auto_advance: params.auto_advance ?? false,
            default_payment_method: params.default_payment_method,
            pending,
          }),
        );
      }),
    // Newest first; `created[gte]` and `status` narrow it, as at Stripe.
    list: async (params: Stripe.InvoiceListParams) => {
      const created = params.created;
      const since = typeof created === 'object' ? (created.gte ?? 0) : (created ?? 0);
      const invoices = (await sandbox.store.list<SbInvoice>('invoice', params.customer))
        .filter((i) => i.created >= since && (!params.status || i.status === params.status))
        .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
      const limit = Number(params.limit ?? 10);
      return { data: invoices.slice(0, limit), has_more: invoices.length > limit };
    },
    // Stripe's InvoiceUpdateParams: a draft is fully editable; once finalized, most details are
    // fixed (amounts, collection_method, description), while an open invoice still takes a
    // default_payment_method, which "must belong to the customer associated with the invoice". The
    // sandbox changes only that card, and refuses it on an invoice that is paid or void.
    update: (id: string, params: Stripe.InvoiceUpdateParams, options?: Options) =>
      sandbox.idempotent(options, `POST /v1/invoices/${id}`, params, async () => {
        const { customer } = await retrieve(id);
        const others = Object.keys(params).filter((key) => key !== 'default_payment_method');
        if (others.length) {
          throw new SandboxStripeError(
            'invalid_request_error',
            'The sandbox updates only the default_payment_method of an invoice.',
            400,
            others[0],
          );
        }
        return sandbox.withCustomer(customer, async (ctx) => {
          const invoice = (await ctx.store.get<SbInvoice>(id, true))!;
          const card = params.default_payment_method;
          if (card === undefined) return invoice;
          if (invoice.status === 'paid' || invoice.status === 'void') {
            throw new SandboxStripeError(
              'invalid_request_error',
              `You can no longer change the payment method of an invoice that is ${invoice.status}.`,
              400,
              'default_payment_method',
            );
          }
          await customersOwn(ctx, customer, card);
          invoice.default_payment_method = card;
          await ctx.store.save(invoice);
          await ctx.store.emit('invoice.updated', invoice, ctx.now);
          return invoice;
        });
      }),
    // Stripe finalizes a draft only: a second finalization is an error.
    finalizeInvoice: async (id: string, params?: Stripe.InvoiceFinalizeInvoiceParams, options?: Options) =>
      sandbox.idempotent(options, `POST /v1/invoices/${id}/finalize`, params, async () => {
        const { customer } = await retrieve(id);
        return sandbox.withCustomer(customer, async (ctx) => {
          const invoice = (await ctx.store.get<SbInvoice>(id, true))!;
          if (invoice.status !== 'draft') {
            throw new SandboxStripeError('invalid_request_error', 'This invoice is already finalized.');
          }
          if (params?.auto_advance !== undefined) invoice.auto_advance = params.auto_advance;
          await finalizeInvoice(ctx, invoice);
          return (await ctx.store.get<SbInvoice>(id))!;
        });
      }),
    // An attempt now, outside the retry schedule. Only an open invoice can be paid; a decline is
    // recorded (the attempt, its event) and answered with a card error, the invoice left open.
    pay: (id: string, params?: Stripe.InvoicePayParams, options?: Options) =>
      sandbox.idempotent(options, `POST /v1/invoices/${id}/pay`, params, async () => {
        const { customer } = await retrieve(id);
        const invoice = await sandbox.withCustomer(customer, async (ctx) => {
          const open = (await ctx.store.get<SbInvoice>(id, true))!;
          if (open.status === 'paid') {
            throw new SandboxStripeError('invalid_request_error', 'Invoice is already paid');
          }
          if (open.status !== 'open' && open.status !== 'uncollectible') {
            throw new SandboxStripeError(
              'invalid_request_error',
              `You cannot pay an invoice that is ${open.status}.`,
            );
          }
          const chosen = params?.payment_method;
          if (chosen) await customersOwn(ctx, customer, chosen);
          await attemptPayment(ctx, open, 'customer', chosen);
          return (await ctx.store.get<SbInvoice>(id))!;
        });
        if (invoice.status !== 'paid')
          throw new SandboxStripeError('card_error', 'Your card was declined.', 402);
        return invoice;
      }),
  };
}
