import type { ChargeResult, UsageCharge } from '../provider';
import { idOf, type InvoiceView, type StripeApi } from './api';
import { call } from './call';

const ours = (invoice: InvoiceView, key: string) =>
  invoice.lines.data.some((line) => line.metadata?.charge_key === key);

/**
 * Charges extra minutes as Stripe documents a one-off charge: an invoice of its own (no
 * `subscription`, so no pending item of the subscription is swept into it, and none of ours is left
 * pending for the renewal to sweep), the item attached to that invoice, finalized and paid with the
 * card the subscription is paid with. A draft subscription invoice (the trial's first payment) takes
 * the item instead. Each attempt first looks for what an earlier one made (an idempotency key is
 * kept only 24 hours), then makes only what is missing, under keys of its own.
 */
export async function chargeUsage(api: StripeApi, charge: UsageCharge): Promise<ChargeResult> {
  const metadata = { charge_key: charge.key, user_id: charge.userId };
  const keyOf = (step: string) => ({ idempotencyKey: `${charge.key}-${step}-${charge.attempt}` });
  const addItem = (invoice: string) =>
    call('record your extra minutes', () =>
      api.invoiceItems.create(
        {
          customer: charge.customerId,
          invoice,
          amount: charge.cents,
          currency: 'usd',
          description: charge.description,
          metadata,
        },
        keyOf('item'),
      ),
    );

  if (charge.draftInvoiceId) {
    const draft = await call('read the invoice', () => api.invoices.retrieve(charge.draftInvoiceId!));
    if (ours(draft, charge.key)) return { invoiceId: draft.id };
    if (draft.status !== 'draft') return { notDraft: true };
    await addItem(draft.id);
    return { invoiceId: draft.id };
  }

  let invoice =
    (await earlierInvoice(api, charge)) ?? (await newInvoice(api, charge, metadata, keyOf('invoice')));
  if (invoice.status === 'draft') {
    if (!ours(invoice, charge.key)) await addItem(invoice.id);
    invoice = await call('charge your extra minutes', () =>
      api.invoices.finalizeInvoice(invoice.id, { auto_advance: true }, keyOf('finalize')),
    );
  }
  if (invoice.status === 'open' && !invoice.attempted) {
    // A decline (402) is the invoice's payment_failed event's to report; Stripe retries it on its schedule.
    await api.invoices.pay(invoice.id, {}, keyOf('pay')).catch((error: { statusCode?: number }) => {
      if (error.statusCode !== 402) throw error;
    });
  }
  return { invoiceId: invoice.id };
}

// An invoice an earlier attempt made (found by its metadata: listing is consistent, unlike search).
async function earlierInvoice(api: StripeApi, charge: UsageCharge) {
  if (charge.attempt === 1) return undefined;
  const since = Math.floor(charge.since.getTime() / 1000) - 3600;
  const { data } = await call('read your invoices', () =>
    api.invoices.list({ customer: charge.customerId, created: { gte: since }, limit: 100 }),
  );
  return data.find((invoice) => invoice.metadata?.charge_key === charge.key);
}

async function newInvoice(
  api: StripeApi,
  charge: UsageCharge,
  metadata: Record<string, string>,
  options: { idempotencyKey: string },
) {
  const sub = await call('read the subscription', () => api.subscriptions.retrieve(charge.subscriptionId));
  return call('charge your extra minutes', () =>
    api.invoices.create(
      {
        customer: charge.customerId,
        collection_method: 'charge_automatically',
        // A one-off invoice is paid with the customer's default card unless it names one, and
        // Checkout saves the card on the subscription only.
        default_payment_method: idOf(sub.default_payment_method) ?? undefined,
        pending_invoice_items_behavior: 'exclude',
        auto_advance: false,
        description: charge.description,
        metadata,
      },
      options,
    ),
  );
}
