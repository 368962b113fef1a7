import type { AppDeps } from '../../deps';
import type { SandboxStripe } from './stripe/api';
import type { BillingEvent } from '../../providers/billing/provider';
import type { TaskLog } from '../../billing/tasks';
import { receiveBillingEvent, runBillingTasks } from '../../billing/work';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

const running = new WeakMap<SandboxStripe, Promise<number>>();

/**
 * Delivers the sandbox's pending events, in order, as Stripe's webhook would: each is taken in by
 * the same receiving as the webhook's, then the billing work runs to its end, so what the events
 * caused is done when this answers. One delivery run at a time per sandbox.
 */
export function deliverSandboxEvents(deps: Deps, sandbox: SandboxStripe, log: TaskLog): Promise<number> {
  const previous = running.get(sandbox) ?? Promise.resolve(0);
  const run = previous.catch(() => 0).then(() => drain(deps, sandbox, log));
  running.set(sandbox, run);
  return run;
}

async function drain(deps: Deps, sandbox: SandboxStripe, log: TaskLog) {
  let delivered = 0;
  for (;;) {
    // The billing work under way or due first: it may change Stripe's side (new events).
    const ran = await runBillingTasks(deps, log);
    const batch = await sandbox.store.undelivered();
    if (!batch.length && !ran) return delivered;
    for (const row of batch) {
      await receiveBillingEvent(deps, row.data as BillingEvent, log);
      await sandbox.store.markDelivered(row.id);
      delivered++;
    }
  }
}
