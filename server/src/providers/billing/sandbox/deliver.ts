import type { AppDeps } from '../../../deps';
import type { SandboxStripe } from './stripe/api';
import { type BillingEvent, handleBillingEvent } from '../../../billing/events/handle-event';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

const running = new WeakMap<SandboxStripe, Promise<number>>();

/**
 * Delivers the sandbox's pending events, in order, to the same event handling as Stripe's
 * webhook. One delivery run at a time per sandbox; an event whose handling fails stays pending
 * and is delivered again by the next run, as Stripe retries a webhook.
 */
export function deliverSandboxEvents(deps: Deps, sandbox: SandboxStripe): Promise<number> {
  const previous = running.get(sandbox) ?? Promise.resolve(0);
  const run = previous.catch(() => 0).then(() => drain(deps, sandbox));
  running.set(sandbox, run);
  return run;
}

async function drain(deps: Deps, sandbox: SandboxStripe) {
  let delivered = 0;
  for (;;) {
    const batch = await sandbox.store.undelivered();
    if (!batch.length) return delivered;
    for (const row of batch) {
      await handleBillingEvent(deps, row.data as BillingEvent);
      await sandbox.store.markDelivered(row.id);
      delivered++;
    }
  }
}
