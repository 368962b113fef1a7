import { and, eq } from 'drizzle-orm';
import { subscriptions, usageCharges } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { MINIMUM_CHARGE_CENTS } from '../plan';
import { isLive } from '../subscriptions';
import { addLedgerRow, cancelLedgerRow, type ChargeRow, chargeDescription, unbilledMonths } from './ledger';
import { USAGE_THRESHOLD_CENTS } from '../../../../rules/plan';

type BillingDeps = Pick<AppDeps, 'db' | 'billing'>;

// When extra minutes are charged (docs/billing.md):
// - threshold: as soon as $10 is unbilled, while the subscription is active;
// - month end: closed months in arrears, while active; under Stripe's $0.50 minimum they wait;
// - subscription invoice: a trial's (or year's) extra minutes join the subscription's own invoice
//   while Stripe drafts it, so a trial's minutes are paid with its first payment;
// - final: what is left when a paid subscription ends normally;
// - account deleted: what is left when an active account is deleted.
// A trial's and a past-due account's minutes wait (a cancelled trial's are waived).
type ChargeTrigger =
  | { kind: 'threshold' }
  | { kind: 'month_end'; currentMonth: string }
  | { kind: 'subscription_invoice'; invoiceId: string }
  | { kind: 'final' }
  | { kind: 'account_deleted' };

const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid']);

function rule(trigger: ChargeTrigger, status: string) {
  switch (trigger.kind) {
    case 'threshold':
      return { allowed: status === 'active', minimum: USAGE_THRESHOLD_CENTS };
    case 'month_end':
      return { allowed: status === 'active', minimum: MINIMUM_CHARGE_CENTS };
    case 'subscription_invoice':
      return { allowed: isLive(status), minimum: 1 };
    case 'final':
      return { allowed: ENDED.has(status), minimum: MINIMUM_CHARGE_CENTS };
    // Never a trial's minutes (paid with the first payment, which a deleted account never makes), nor
    // while a payment is failing.
    case 'account_deleted':
      return { allowed: status === 'active', minimum: MINIMUM_CHARGE_CENTS };
  }
}

/**
 * Puts the account's unbilled extra minutes on the ledger when the trigger's rule says so, then
 * charges them. Under the subscription row's lock, so concurrent calls never bill a minute twice.
 */
export async function billUsage(deps: BillingDeps, userId: string, trigger: ChargeTrigger) {
  const row = await deps.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
    if (!sub?.subscriptionId || !sub.customerId || sub.customerDeletedAt) return undefined;
    const { allowed, minimum } = rule(trigger, sub.status);
    if (!allowed) return undefined;
    const months = await unbilledMonths(
      tx,
      userId,
      trigger.kind === 'month_end' ? trigger.currentMonth : undefined,
    );
    const cents = Object.values(months).reduce((a, b) => a + b, 0);
    if (cents < minimum) return undefined;
    const target = trigger.kind === 'subscription_invoice' ? trigger.invoiceId : null;
    return addLedgerRow(tx, userId, months, 'pending', target);
  });
  if (row) await submitCharge(deps, row);
  return row;
}

/**
 * Sends a pending ledger row to the provider (again, after a crash: the same key makes it the same
 * charge). Paid or not is decided later by the invoice's events.
 */
export async function submitCharge(deps: BillingDeps, row: ChargeRow) {
  const sub = await deps.db.query.subscriptions.findFirst({ where: (s, { eq }) => eq(s.userId, row.userId) });
  if (!sub?.subscriptionId || !sub.customerId || sub.customerDeletedAt) return;
  const result = await deps.billing.chargeUsage({
    key: row.key,
    userId: row.userId,
    customerId: sub.customerId,
    subscriptionId: sub.subscriptionId,
    cents: row.amountCents,
    description: chargeDescription(row.months),
    draftInvoiceId: row.targetInvoiceId,
  });
  if ('notDraft' in result) {
    // The subscription invoice went out without it: the minutes are billed by the next rule instead.
    await deps.db.transaction((tx) => cancelLedgerRow(tx, row));
    return;
  }
  await deps.db
    .update(usageCharges)
    .set({ invoiceId: result.invoiceId, status: 'open', updatedAt: new Date() })
    .where(and(eq(usageCharges.id, row.id), eq(usageCharges.status, 'pending')));
}
