import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { subscriptions, usageCharges } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { MINIMUM_CHARGE_CENTS } from '../plan';
import { isLiveStatus } from '../../../../rules/subscriptions';
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
      return { allowed: isLiveStatus(status), minimum: 1 };
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

// A sender holds a row this long: longer than an attempt's provider calls can take.
const CLAIM = sql`interval '5 minutes'`;
// About a day of the hourly retries: then the row waits for an operator (docs/billing.md).
export const MAX_CHARGE_ATTEMPTS = 24;

// The provider refused the request itself (400, 404): sending it again cannot succeed.
const refused = (error: unknown) => {
  const status = (error as { cause?: { statusCode?: number } }).cause?.statusCode;
  return status === 400 || status === 404;
};

/**
 * Sends a pending ledger row to the provider, one sender at a time (a call's report, the hourly
 * reconcile and an account's deletion may all try). An attempt that fails leaves the row pending
 * for the next one, which first finds what this one made at the provider (stripe/charge.ts); one the
 * provider refused, or the 24th, gives the row up, with its error, and throws. Paid or not is
 * decided later by the invoice's events. Answers false when another sender holds the row.
 */
export async function submitCharge(deps: BillingDeps, row: ChargeRow): Promise<boolean> {
  const free = or(isNull(usageCharges.claimedUntil), lt(usageCharges.claimedUntil, sql`now()`));
  const [claimed] = await deps.db
    .update(usageCharges)
    .set({ attempts: sql`${usageCharges.attempts} + 1`, claimedUntil: sql`now() + ${CLAIM}` })
    .where(
      and(
        eq(usageCharges.id, row.id),
        eq(usageCharges.status, 'pending'),
        isNull(usageCharges.givenUpAt),
        free,
      ),
    )
    .returning();
  if (!claimed) {
    const [now] = await deps.db.select().from(usageCharges).where(eq(usageCharges.id, row.id));
    return now?.status !== 'pending' || now.givenUpAt !== null;
  }
  const release = (set: Partial<ChargeRow>) =>
    deps.db
      .update(usageCharges)
      .set({ claimedUntil: null, updatedAt: new Date(), ...set })
      .where(and(eq(usageCharges.id, row.id), eq(usageCharges.status, 'pending')));
  const sub = await deps.db.query.subscriptions.findFirst({ where: (s, { eq }) => eq(s.userId, row.userId) });
  if (!sub?.subscriptionId || !sub.customerId || sub.customerDeletedAt) {
    await release({});
    return true;
  }
  let result;
  try {
    result = await deps.billing.chargeUsage({
      key: row.key,
      attempt: claimed.attempts,
      since: claimed.createdAt,
      userId: row.userId,
      customerId: sub.customerId,
      subscriptionId: sub.subscriptionId,
      cents: row.amountCents,
      description: chargeDescription(row.months),
      draftInvoiceId: row.targetInvoiceId,
    });
  } catch (error) {
    const givenUp = refused(error) || claimed.attempts >= MAX_CHARGE_ATTEMPTS;
    const cause = (error as { cause?: Error }).cause ?? error;
    await release({
      lastError: String((cause as Error).message ?? cause).slice(0, 500),
      givenUpAt: givenUp ? new Date() : null,
    });
    if (givenUp)
      throw new Error(`Charge ${row.key} given up after ${claimed.attempts} attempt(s)`, { cause: error });
    throw error;
  }
  if ('notDraft' in result) {
    // The subscription invoice went out without it: the minutes are billed by the next rule instead.
    await deps.db.transaction((tx) => cancelLedgerRow(tx, row));
    return true;
  }
  await release({ invoiceId: result.invoiceId, status: 'open', lastError: null });
  return true;
}
