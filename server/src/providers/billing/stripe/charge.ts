import type { ChargeResult, UsageCharge } from '../provider';
import { idOf, type StripeApi } from './api';
import { call } from './call';

const ENDED = new Set(['canceled', 'incomplete_expired']);

// The item is attached to the subscription, so its invoice is paid with the subscription's card;
// a subscription that has ended takes no items, so its card is named on the invoice instead.
export async function chargeUsage(api: StripeApi, charge: UsageCharge): Promise<ChargeResult> {
  const metadata = { charge_key: charge.key, user_id: charge.userId };
  if (charge.draftInvoiceId) {
    const draft = await call('read the invoice', () => api.invoices.retrieve(charge.draftInvoiceId!));
    // A retry after a crash: our line may have joined the draft before Stripe finalized it.
    const ours = draft.lines.data.some((line) => line.metadata?.charge_key === charge.key);
    if (ours) return { invoiceId: draft.id };
    if (draft.status !== 'draft') return { notDraft: true };
  }
  const sub = await call('read the subscription', () => api.subscriptions.retrieve(charge.subscriptionId));
  const ended = ENDED.has(sub.status);
  const card = idOf(sub.default_payment_method);
  const created = await call('record your extra minutes', () =>
    api.invoiceItems.create(
      {
        customer: charge.customerId,
        amount: charge.cents,
        currency: 'usd',
        description: charge.description,
        metadata,
        ...(ended ? {} : { subscription: charge.subscriptionId }),
        ...(charge.draftInvoiceId ? { invoice: charge.draftInvoiceId } : {}),
      },
      { idempotencyKey: `${charge.key}-item` },
    ),
  );
  if (charge.draftInvoiceId) return { invoiceId: charge.draftInvoiceId };
  // Read it again: a retry's answer is the first one's, but the item may have joined an invoice since.
  const item = await call('record your extra minutes', () => api.invoiceItems.retrieve(created.id));
  const invoiceId =
    idOf(item.invoice) ??
    (
      await call('charge your extra minutes', () =>
        api.invoices.create(
          {
            customer: charge.customerId,
            ...(ended
              ? { default_payment_method: card ?? undefined }
              : { subscription: charge.subscriptionId }),
            collection_method: 'charge_automatically',
            pending_invoice_items_behavior: 'include',
            auto_advance: true,
            description: charge.description,
            metadata,
          },
          { idempotencyKey: `${charge.key}-invoice` },
        ),
      )
    ).id;
  const invoice = await call('charge your extra minutes', () => api.invoices.retrieve(invoiceId));
  if (invoice.status === 'draft') {
    await call('charge your extra minutes', () =>
      api.invoices.finalizeInvoice(
        invoiceId,
        { auto_advance: true },
        { idempotencyKey: `${charge.key}-finalize` },
      ),
    );
  }
  return { invoiceId };
}
