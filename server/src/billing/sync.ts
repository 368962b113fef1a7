import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { applySubscription } from './events/apply-subscription';
import { stateChanged } from './subscriptions';
import type { TaskLog } from './tasks';
import { receiveBillingEvent, runBillingTasks } from './work';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../rules/subscriptions';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

/**
 * Once a day, what the provider knows is laid beside what the accounts show, so a lost event never
 * gives free service: every subscription an account shows live is read back and applied when it
 * changed (a cancellation whose event never came ends service now, its number held from when it
 * ended), and the events the provider failed to deliver lately are taken in (a duplicate changes
 * nothing). One account's failure does not stop the others; the job then fails naming them.
 */
export async function syncSubscriptions(deps: Deps, log: TaskLog) {
  const live = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        isNotNull(subscriptions.subscriptionId),
        isNull(subscriptions.customerDeletedAt),
      ),
    );
  const failures: unknown[] = [];
  let changed = 0;
  for (const row of live) {
    try {
      const state = await deps.billing.retrieveSubscription(row.subscriptionId!);
      if (!stateChanged(row, state)) continue;
      await applySubscription(deps, state, state.endedAt ?? new Date(), { userId: row.userId, log });
      changed++;
    } catch (error) {
      failures.push(error);
    }
  }
  let replayed = 0;
  try {
    for (const event of await deps.billing.undeliveredEvents()) {
      if (!(await receiveBillingEvent(deps, event, log)).duplicate) replayed++;
    }
    await runBillingTasks(deps, log);
  } catch (error) {
    failures.push(error);
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} subscription check(s) failed.`);
  return { checked: live.length, changed, replayed };
}
