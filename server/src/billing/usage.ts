import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { subscriptions, usageMonths } from '../db/schema';
import { INCLUDED_MINUTES, OVERAGE_CENTS_PER_MINUTE, overageCents } from '../usage/plan';
import { USAGE_INVOICE_THRESHOLD_CENTS } from './plan';

type Deps = Pick<AppDeps, 'db' | 'billing'>;

// Charges a month's extra minutes that are not billed yet: at once when they reach $10
// (`whenOver`), or whatever is left once the month has closed (`whenOver: 1`).
// The charge is handed to the provider and recorded in billed_cents under the row's lock, so
// two calls ending together never charge the same minutes twice, and the idempotency key makes
// a retried provider call charge once. If invoicing then fails, the charge stays pending at the
// provider and goes out with the customer's next invoice.
export async function billUsage(
  deps: Deps,
  userId: string,
  month: string,
  whenOver = USAGE_INVOICE_THRESHOLD_CENTS,
) {
  const charged = await deps.db.transaction(async (tx) => {
    const [usage] = await tx
      .select()
      .from(usageMonths)
      .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, month)))
      .for('update');
    if (!usage) return undefined;
    const due = overageCents(usage.minutes) - usage.billedCents;
    if (due < whenOver) return undefined;
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!sub?.customerId) return undefined;
    const billed = usage.billedCents + due;
    const idempotencyKey = `usage-${userId}-${month}-${usage.billedCents}-${billed}`;
    await deps.billing.addUsageCharge({
      customerId: sub.customerId,
      userId,
      month,
      cents: due,
      minutes: due / OVERAGE_CENTS_PER_MINUTE,
      idempotencyKey,
    });
    await tx
      .update(usageMonths)
      .set({ billedCents: billed, updatedAt: new Date() })
      .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, month)));
    return { customerId: sub.customerId, idempotencyKey };
  });
  if (charged) {
    await deps.billing.invoicePendingCharges(charged.customerId, `${charged.idempotencyKey}-invoice`);
  }
}

// The hook usage calls after each completed call that went past the included minutes
// (it matches the telephony side's UsageReporter).
export function usageBilling(deps: Deps) {
  return {
    reportOverage: (report: { userId: string; month: string }) =>
      billUsage(deps, report.userId, report.month),
  };
}

// Monthly in arrears: bills every closed month (before `currentMonth`, YYYY-MM-01) that still
// has extra minutes not invoiced (the monthly job runs it on the 1st). One customer's failure
// does not hold up the others; it is retried by the next run and reported at the end.
export async function billClosedMonths(deps: Deps, currentMonth: string) {
  const open = await deps.db
    .select({ userId: usageMonths.userId, month: usageMonths.month })
    .from(usageMonths)
    .where(
      and(
        lt(usageMonths.month, currentMonth),
        gt(usageMonths.minutes, INCLUDED_MINUTES),
        lt(
          usageMonths.billedCents,
          sql`(${usageMonths.minutes} - ${INCLUDED_MINUTES}) * ${OVERAGE_CENTS_PER_MINUTE}`,
        ),
      ),
    );
  const failures: unknown[] = [];
  for (const { userId, month } of open) {
    await billUsage(deps, userId, month, 1).catch((error: unknown) => failures.push(error));
  }
  if (failures.length) {
    throw new AggregateError(failures, `${failures.length} closed month(s) could not be billed.`);
  }
  return open.length;
}
