import { and, eq } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { applyInvoice } from './apply-invoice';
import { applySubscription } from './apply-subscription';
import { sendEndedUnpaid, sendTrialEnding } from '../emails/account-notices';
import type { BillingEvent } from '../../providers/billing/provider';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;
type Ref = string | { id: string } | null | undefined;

const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : ref?.id);

// The invoice events that can move a charge (others, such as a deleted draft, name nothing to read).
const INVOICE_EVENTS = new Set([
  'invoice.created',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.voided',
  'invoice.marked_uncollectible',
]);

/**
 * Every billing event, from Stripe's webhook or the sandbox, goes through here. The object it
 * names is read back from the provider, so duplicates and events out of order all converge on its
 * current state; each step is idempotent, and the event id is recorded once it is all done.
 */
export async function handleBillingEvent(
  deps: Deps,
  event: BillingEvent,
  log?: { warn: (o: object, m: string) => void },
) {
  const provider = deps.billing.name;
  const seen = await deps.db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, event.id)));
  if (seen.length) return { duplicate: true };

  const object = event.data.object;
  const at = new Date(event.created * 1000);
  if (event.type === 'checkout.session.completed' && idOf(object.subscription)) {
    const state = await deps.billing.retrieveSubscription(idOf(object.subscription)!);
    await applySubscription(deps, state, at, { userId: object.client_reference_id, log });
  } else if (event.type.startsWith('customer.subscription.') && object.id) {
    const state = await deps.billing.retrieveSubscription(object.id);
    await applySubscription(deps, state, at, { log });
    // Stripe's warning, 3 days before a trial ends.
    if (event.type === 'customer.subscription.trial_will_end') await sendTrialEnding(deps, state);
    // Stripe's retries over, the subscription ended (or left unpaid): said once, held number and all.
    else await sendEndedUnpaid(deps, state);
  } else if (INVOICE_EVENTS.has(event.type) && object.id) {
    await applyInvoice(deps, await deps.billing.retrieveInvoice(object.id), event.type);
  }
  await deps.db
    .insert(webhookEvents)
    .values({ provider, eventId: event.id, type: event.type })
    .onConflictDoNothing();
  return { duplicate: false };
}
