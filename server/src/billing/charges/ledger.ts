import { and, eq, gt, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { usageCharges, usageMonths } from '../../db/schema';
import { CENTS_PER_EXTRA_MINUTE, INCLUDED_MINUTES } from '../../../../rules/plan';

export type ChargeRow = typeof usageCharges.$inferSelect;

/** A usage month's extra minutes in cents: rules/plan.ts `overageCents`, in SQL. */
export const monthOverageCents = sql<number>`greatest(${usageMonths.minutes} - ${INCLUDED_MINUTES}, 0) * ${CENTS_PER_EXTRA_MINUTE}`;

/** Each month's extra minutes not yet on a ledger row, in cents; only months before `before` if given. */
export async function unbilledMonths(tx: Tx, userId: string, before?: string) {
  const rows = await tx
    .select({
      month: usageMonths.month,
      cents: sql<number>`(${monthOverageCents} - ${usageMonths.billedCents})::int`,
    })
    .from(usageMonths)
    .where(
      and(
        eq(usageMonths.userId, userId),
        gt(sql`${monthOverageCents} - ${usageMonths.billedCents}`, 0),
        before ? lt(usageMonths.month, before) : undefined,
      ),
    )
    .orderBy(usageMonths.month);
  return Object.fromEntries(rows.map((r) => [r.month, Number(r.cents)]));
}

const total = (months: Record<string, number>) => Object.values(months).reduce((a, b) => a + b, 0);

/**
 * Writes a charge (or waiver) on the ledger and counts its months as billed, in the caller's
 * transaction, which holds the account's subscription row: rows are numbered 1, 2, 3… per
 * account, so the key of a row is fixed before any provider call and every retry reuses it.
 */
export async function addLedgerRow(
  tx: Tx,
  userId: string,
  months: Record<string, number>,
  status: 'pending' | 'waived',
  targetInvoiceId: string | null = null,
): Promise<ChargeRow> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${usageCharges.seq}), 0)::int + 1` })
    .from(usageCharges)
    .where(eq(usageCharges.userId, userId));
  const seq = Number(next);
  const cents = total(months);
  const [row] = await tx
    .insert(usageCharges)
    .values({
      userId,
      seq,
      key: `usage-${userId}-${seq}`,
      amountCents: cents,
      minutes: cents / CENTS_PER_EXTRA_MINUTE,
      months,
      status,
      targetInvoiceId,
    })
    .returning();
  await countBilled(tx, userId, months, 1);
  return row;
}

/** Gives a charge that never reached the provider back to its months, to be billed again later. */
export async function cancelLedgerRow(tx: Tx, row: ChargeRow) {
  const [cancelled] = await tx
    .update(usageCharges)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(usageCharges.id, row.id), eq(usageCharges.status, 'pending')))
    .returning();
  if (cancelled) await countBilled(tx, row.userId, row.months, -1);
}

async function countBilled(tx: Tx, userId: string, months: Record<string, number>, sign: 1 | -1) {
  for (const [month, cents] of Object.entries(months)) {
    await tx
      .update(usageMonths)
      .set({ billedCents: sql`${usageMonths.billedCents} + ${sign * cents}`, updatedAt: new Date() })
      .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, month)));
  }
}

const monthName = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "Extra minutes: 250 in October 2026, 10 in November 2026" */
export const chargeDescription = (months: Record<string, number>) =>
  `Extra minutes: ${Object.entries(months)
    .map(([month, cents]) => `${cents / CENTS_PER_EXTRA_MINUTE} in ${monthName(month)}`)
    .join(', ')}`;

/**
 * Ledger rows not yet sent to the provider (a crash's, or one being sent now), of those `where`
 * picks; not those given up (they wait for an operator).
 */
export const pendingCharges = (db: Db, where: SQL) =>
  db
    .select()
    .from(usageCharges)
    .where(and(eq(usageCharges.status, 'pending'), isNull(usageCharges.givenUpAt), where));

/** The invoices of ledger rows sent but not settled (open, or their payment failed), of those `where` picks. */
export const unsettledInvoiceIds = (db: Db, where: SQL) =>
  db
    .selectDistinct({ invoiceId: usageCharges.invoiceId })
    .from(usageCharges)
    .where(and(inArray(usageCharges.status, ['open', 'failed']), isNotNull(usageCharges.invoiceId), where))
    .then((rows) => rows.map((row) => row.invoiceId!));
