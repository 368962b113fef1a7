import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { usageCharges } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { applyInvoice } from '../events/apply-invoice';
import { ProviderError } from '../../http/errors';
import { billUsage, submitCharge } from './bill-usage';
import { pendingCharges, unsettledInvoiceIds } from './ledger';
import { billingRefusals } from '../../../../contract/refusals/billing';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

/**
 * What an account owes for extra minutes, charged while its subscription still runs, before the
 * account is deleted (the privacy policy's "Deleting your account": as when a paid subscription
 * ends, never a trial's minutes). Every charge not yet sent is sent (a crash's, or one a call's
 * report is sending now: the same keys make it one charge), an active account's minutes not yet
 * billed are charged, then every usage invoice still open is paid now, as the customer's cards go
 * next; a paid one sends its receipt. A declined card leaves its invoice open at the provider,
 * logged. A provider failure throws, so the account stays, and trying again charges nothing twice.
 */
export async function chargeBeforeDeletion(deps: Deps, userId: string, log: FastifyBaseLogger) {
  const ofAccount = eq(usageCharges.userId, userId);
  const sendPending = async () => {
    for (const row of await pendingCharges(deps.db, ofAccount)) {
      if (!(await submitCharge(deps, row))) {
        throw new ProviderError(billingRefusals.extraMinutesBeingCharged);
      }
    }
  };
  // First, so a charge meant for a subscription invoice finalized since gives its minutes back to
  // this one; again after it, for one a call's report wrote meanwhile.
  await sendPending();
  await billUsage(deps, userId, { kind: 'account_deleted' });
  await sendPending();
  // A charge given up waits for an operator (docs/billing.md, rule 7); its row goes with the account,
  // so the log keeps what it was, to bill it by hand.
  const givenUp = await deps.db
    .select()
    .from(usageCharges)
    .where(and(ofAccount, isNotNull(usageCharges.givenUpAt)));
  for (const { key, amountCents, months, lastError } of givenUp) {
    log.error(
      { userId, key, amountCents, months, lastError },
      'extra minutes given up, deleted with the account',
    );
  }
  const sub = await deps.db.query.subscriptions.findFirst({ where: (s, { eq }) => eq(s.userId, userId) });
  for (const invoiceId of await unsettledInvoiceIds(deps.db, ofAccount)) {
    let invoice = await deps.billing.retrieveInvoice(invoiceId);
    // Only our own invoices of extra minutes ('manual'), never the subscription's, and only open ones.
    if (invoice.status === 'open' && invoice.billingReason === 'manual' && sub?.subscriptionId) {
      invoice = await deps.billing.payInvoiceNow(invoice.invoiceId, sub.subscriptionId);
      if (invoice.status !== 'paid') {
        log.warn({ userId, invoice: invoice.invoiceId }, 'extra minutes unpaid at account deletion');
      }
    }
    // Its events will find no account: the rows move, and a receipt goes, now. A receipt that
    // cannot be sent is not worth keeping the account for.
    await applyInvoice(deps, invoice, 'account deletion').catch((error: unknown) =>
      log.warn(
        { err: error, userId, invoice: invoice.invoiceId },
        'settling an invoice at account deletion failed',
      ),
    );
  }
}
