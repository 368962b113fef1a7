import { and, eq, isNull } from 'drizzle-orm';
import { usageCharges, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { chargeDescription } from '../charges/ledger';
import { usageEmailsOn } from './settings';
import { receiptMail } from './templates';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

/** The receipt of a paid extra-minutes charge, once (receipt_sent_at is claimed first). */
export async function sendReceipt(deps: Deps, chargeId: string) {
  const [claimed] = await deps.db
    .update(usageCharges)
    .set({ receiptSentAt: new Date() })
    .where(
      and(eq(usageCharges.id, chargeId), eq(usageCharges.status, 'paid'), isNull(usageCharges.receiptSentAt)),
    )
    .returning();
  // A trial's minutes paid with the subscription's own invoice are on that invoice's receipt.
  if (!claimed || claimed.targetInvoiceId || !(await usageEmailsOn(deps.db, claimed.userId))) return;
  const [user] = await deps.db.select().from(users).where(eq(users.id, claimed.userId));
  try {
    await deps.mailer.send(
      receiptMail(
        user.email,
        user.name,
        {
          cents: claimed.amountCents,
          description: chargeDescription(claimed.months),
          reference: claimed.invoiceId ?? claimed.key,
        },
        deps.config.appUrl,
      ),
    );
  } catch (error) {
    await deps.db.update(usageCharges).set({ receiptSentAt: null }).where(eq(usageCharges.id, chargeId));
    throw error;
  }
}
