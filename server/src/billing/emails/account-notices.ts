import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { phoneNumbers, subscriptions, usageNotices, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../providers/mail/mailer';
import type { InvoiceState, SubscriptionState } from '../../providers/billing/provider';
import { usageEmailsOn } from './settings';
import {
  endedUnpaidMail,
  paymentFailedMail,
  subscriptionReceiptMail,
  trialEndingMail,
  welcomeMail,
} from './templates';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;
type Person = { email: string; name: string };

const epoch = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * A notice about the account's money, sent once per key (claimed in usage_notices first, given back
 * if the mail fails, so the event's task sends it when it runs again).
 */
export async function sendOnce(
  deps: Deps,
  userId: string,
  key: string,
  message: (user: Person) => MailMessage,
) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const claimed = await deps.db
    .insert(usageNotices)
    .values({ userId, key })
    .onConflictDoNothing()
    .returning();
  if (!claimed.length) return;
  try {
    await deps.mailer.send(message(user));
  } catch (error) {
    await deps.db.delete(usageNotices).where(and(eq(usageNotices.userId, userId), eq(usageNotices.key, key)));
    throw error;
  }
}

// The account whose customer this is; none once the customer was deleted with its account.
async function accountOf(deps: Deps, customerId: string | null) {
  if (!customerId) return undefined;
  const [row] = await deps.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId));
  return row?.userId;
}

/** The account's plan started: a trial (what will be charged, when, to which card), or a paid year. */
export function sendWelcome(deps: Deps, userId: string, state: SubscriptionState, trial: boolean) {
  return sendOnce(deps, userId, `welcome:${state.subscriptionId}`, (user) =>
    welcomeMail(
      user.email,
      user.name,
      {
        trialEnd: trial ? epoch(state.trialEnd) : null,
        periodEnd: epoch(state.currentPeriodEnd),
        card: state.card,
      },
      deps.config.appUrl,
    ),
  );
}

/** Stripe's customer.subscription.trial_will_end: the reminder, unless the trial is cancelled. */
export async function sendTrialEnding(deps: Deps, state: SubscriptionState) {
  const userId = await accountOf(deps, state.customerId);
  if (!userId || state.status !== 'trialing' || state.cancelAtPeriodEnd || !state.trialEnd) return;
  const trialEnd = epoch(state.trialEnd)!;
  await sendOnce(deps, userId, `trial-ending:${state.subscriptionId}`, (user) =>
    trialEndingMail(user.email, user.name, { trialEnd, card: state.card }, deps.config.appUrl),
  );
}

/**
 * What an invoice's state tells the account: a paid subscription invoice over $0 gets its receipt
 * (the usage emails switch turns receipts off); a failed attempt on any invoice gets a notice, once
 * per attempt (the event that reports it only).
 */
export async function sendInvoiceNotices(deps: Deps, invoice: InvoiceState, eventType: string) {
  const userId = await accountOf(deps, invoice.customerId);
  if (!userId) return;
  if (invoice.status === 'paid' && invoice.subscriptionId && invoice.total > 0) {
    if (!(await usageEmailsOn(deps.db, userId))) return;
    await sendOnce(deps, userId, `receipt:${invoice.invoiceId}`, (user) =>
      subscriptionReceiptMail(
        user.email,
        user.name,
        { cents: invoice.total, lines: invoice.lines, reference: invoice.invoiceId },
        deps.config.appUrl,
      ),
    );
  }
  if (eventType === 'invoice.payment_failed' && invoice.status === 'open' && invoice.total > 0) {
    await sendOnce(deps, userId, `payment-failed:${invoice.invoiceId}:${invoice.attemptCount}`, (user) =>
      paymentFailedMail(
        user.email,
        user.name,
        { cents: invoice.total, retryAt: invoice.nextPaymentAttempt },
        deps.config.appUrl,
      ),
    );
  }
}

/**
 * The subscription ended because its payment never went through (Stripe's retries over: cancelled
 * for `payment_failed`, or `unpaid`): the last failed attempt's invoice is already uncollectible, so
 * this is the mail that says service stopped, with the held number and its last day.
 */
export async function sendEndedUnpaid(deps: Deps, state: SubscriptionState) {
  const unpaid =
    state.status === 'unpaid' ||
    (state.status === 'canceled' && state.cancellationReason === 'payment_failed');
  if (!unpaid) return;
  // Only the account's current subscription: an older one's late events say nothing of its service.
  const [account] = await deps.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.customerId, state.customerId),
        eq(subscriptions.subscriptionId, state.subscriptionId),
      ),
    );
  const userId = account?.userId;
  if (!userId) return;
  const [line] = await deps.db
    .select({ number: phoneNumbers.phoneNumber, until: phoneNumbers.heldUntil })
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.userId, userId),
        isNull(phoneNumbers.releasedAt),
        isNotNull(phoneNumbers.heldUntil),
      ),
    );
  const held = line?.until ? { number: line.number, until: epoch(line.until)! } : null;
  await sendOnce(deps, userId, `ended-unpaid:${state.subscriptionId}`, (user) =>
    endedUnpaidMail(user.email, user.name, held, deps.config.appUrl),
  );
}
