import { eq, inArray, or } from 'drizzle-orm';
import { subscriptions, usageCharges } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { billUsage } from '../charges/bill-usage';
import { sendReceipt } from '../emails/receipts';
import { sendInvoiceNotices } from '../emails/account-notices';
import { recordFirstPayment } from '../subscriptions';
import type { InvoiceState } from '../../providers/billing/provider';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

// A charge's state follows its invoice's, and never goes back (events come out of order). Stripe
// can still be paid (or void) an invoice it marked uncollectible; paid and void are final.
const RANK: Record<string, number> = { pending: 0, open: 1, failed: 2, uncollectible: 3, paid: 4, void: 4 };

function chargeStatus(invoice: InvoiceState): string | undefined {
  if (invoice.status === 'open') return invoice.attempted ? 'failed' : 'open';
  if (['paid', 'void', 'uncollectible'].includes(invoice.status)) return invoice.status;
  return undefined;
}

/**
 * An invoice's state reaches the ledger rows on it (found by their keys on its lines, so an event
 * that comes before we stored the invoice id still finds them); a paid one sends its receipts, and
 * a paid subscription invoice over $0 records the account's first payment.
 * A subscription invoice being drafted takes the account's unbilled minutes (a trial's first payment).
 */
export async function applyInvoice(deps: Deps, invoice: InvoiceState, eventType: string) {
  const next = chargeStatus(invoice);
  const paid = next
    ? await deps.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(usageCharges)
          .where(
            or(
              eq(usageCharges.invoiceId, invoice.invoiceId),
              invoice.chargeKeys.length ? inArray(usageCharges.key, invoice.chargeKeys) : undefined,
            ),
          )
          .for('update');
        const moved = rows.filter((row) => (RANK[row.status] ?? 9) < RANK[next]);
        for (const row of moved) {
          await tx
            .update(usageCharges)
            .set({ status: next, invoiceId: invoice.invoiceId, updatedAt: new Date() })
            .where(eq(usageCharges.id, row.id));
        }
        return next === 'paid' ? moved.map((row) => row.id) : [];
      })
    : [];
  if (invoice.status === 'paid' && invoice.subscriptionId && invoice.customerId && invoice.total > 0) {
    await recordFirstPayment(deps.db, invoice.customerId);
  }
  for (const id of paid) await sendReceipt(deps, id);
  await sendInvoiceNotices(deps, invoice, eventType);

  const drafting = eventType === 'invoice.created' && invoice.status === 'draft';
  if (drafting && invoice.billingReason === 'subscription_cycle' && invoice.subscriptionId) {
    const [sub] = await deps.db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.subscriptionId, invoice.subscriptionId));
    if (sub)
      await billUsage(deps, sub.userId, { kind: 'subscription_invoice', invoiceId: invoice.invoiceId });
  }
}
