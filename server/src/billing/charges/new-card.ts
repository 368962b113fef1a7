import { eq } from 'drizzle-orm';
import { usageCharges } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { unsettledInvoiceIds } from './ledger';

type Deps = Pick<AppDeps, 'db' | 'billing'>;

/**
 * The account's subscription is paid with `card` (read back from one of its events). An invoice of
 * extra minutes still unsettled names the card the subscription had when it was made, which Stripe's
 * retries charge before the subscription's (docs/billing.md rule 22): once the customer replaced a
 * declined card, it names the new one and is paid with it at once; a decline leaves it open, retried
 * by Stripe with that card. Only our own invoices ('manual'), never the subscription's. An invoice
 * that names the card already is left alone, so the same event twice, an older one late or any other
 * change to the subscription tries no payment again.
 */
export async function payWithNewCard(deps: Deps, userId: string, card: string) {
  for (const invoiceId of await unsettledInvoiceIds(deps.db, eq(usageCharges.userId, userId))) {
    const invoice = await deps.billing.retrieveInvoice(invoiceId);
    if (invoice.status !== 'open' || invoice.billingReason !== 'manual') continue;
    if (invoice.paymentMethodId === card) continue;
    // Paid, its invoice.paid event moves the ledger row and sends the receipt.
    await deps.billing.useCardForInvoice(invoiceId, card);
  }
}
