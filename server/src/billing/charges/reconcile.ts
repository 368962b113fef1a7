import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { usageCharges } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { sendReceipt } from '../emails/receipts';
import { applyInvoice } from '../events/apply-invoice';
import { pruneBillingTasks } from '../tasks';
import { submitCharge } from './bill-usage';
import { pendingCharges, unsettledInvoiceIds } from './ledger';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

const olderThan = (minutes: number) =>
  lt(usageCharges.updatedAt, sql`now() - make_interval(mins => ${minutes})`);

/**
 * Finishes what a crash or an outage left half done (at start-up and hourly): pending ledger rows
 * go to the provider again (never a second charge: bill-usage.ts), unsettled invoices are read back
 * in case an event was missed, receipts not yet sent go out, and billing tasks done a month ago go.
 */
export async function reconcileCharges(deps: Deps) {
  const failures: unknown[] = [];
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      failures.push(error);
    }
  };
  const pending = await pendingCharges(deps.db, olderThan(1));
  for (const row of pending) await attempt(() => submitCharge(deps, row));

  const unsettled = await unsettledInvoiceIds(deps.db, olderThan(60));
  for (const invoiceId of unsettled) {
    await attempt(async () => applyInvoice(deps, await deps.billing.retrieveInvoice(invoiceId), 'reconcile'));
  }

  const unsent = await deps.db
    .select({ id: usageCharges.id })
    .from(usageCharges)
    .where(and(eq(usageCharges.status, 'paid'), isNull(usageCharges.receiptSentAt)));
  for (const { id } of unsent) await attempt(() => sendReceipt(deps, id));
  await attempt(() => pruneBillingTasks(deps.db));

  if (failures.length)
    throw new AggregateError(failures, `${failures.length} charge(s) could not be reconciled.`);
  return { resubmitted: pending.length, checked: unsettled.length, receipts: unsent.length };
}
