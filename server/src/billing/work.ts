import { and, eq } from 'drizzle-orm';
import { webhookEvents } from '../db/schema';
import type { AppDeps } from '../deps';
import type { BillingEvent } from '../providers/billing/provider';
import { billUsage } from './charges/bill-usage';
import { sendWelcome } from './emails/account-notices';
import { sendUsageNotices } from './emails/usage-notices';
import { handleBillingEvent } from './events/handle-event';
import { addTask, addTaskOnce, runTasks, type TaskLog, type TaskRunners } from './tasks';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

export interface MonthEnd {
  userId: string;
  // The month that started (YYYY-MM-01): the months before it are closed.
  currentMonth: string;
}

export interface UsageReport {
  userId: string;
  // The month (YYYY-MM-01) a call's minutes went to.
  month: string;
}

// The billing work that runs after its request is answered (tasks.ts), by kind.
const RUNNERS: TaskRunners = {
  // A provider event: the object it names is read back and applied (handle-event.ts).
  event: (deps, task, log) => handleBillingEvent(deps, task.payload as BillingEvent, log),
  // A call moved the account's usage: the charge once $10 is unbilled, then the month's usage
  // emails at 80 % and 100 %. Each is tried whatever the other's fate (a mail server down never
  // holds up a charge); both are safe to run again.
  usage: async (deps, task) => {
    const { userId, month } = task.payload as UsageReport;
    const outcomes = await Promise.allSettled([
      billUsage(deps, userId, { kind: 'threshold' }),
      sendUsageNotices(deps, userId, month),
    ]);
    const failures = outcomes.flatMap((o): unknown[] => (o.status === 'rejected' ? [o.reason] : []));
    if (failures.length) throw new AggregateError(failures, 'Usage could not be fully reported.');
  },
  // The account's plan started (apply-subscription.ts): its welcome mail, with the subscription as it is.
  welcome: async (deps, task) => {
    const { userId, subscriptionId, trial } = task.payload as {
      userId: string;
      subscriptionId: string;
      trial: boolean;
    };
    await sendWelcome(deps, userId, await deps.billing.retrieveSubscription(subscriptionId), trial);
  },
  // A month closed: the account's extra minutes of the months before are charged in arrears.
  month_end: async (deps, task) => {
    const { userId, currentMonth } = task.payload as MonthEnd;
    await billUsage(deps, userId, { kind: 'month_end', currentMonth });
  },
};

/** Runs the billing work that is due, until none is left (answers how many tasks ran). */
export const runBillingTasks = (deps: Deps, log: TaskLog) => runTasks(deps, RUNNERS, log);

function startBillingTasks(deps: Deps, log: TaskLog) {
  void runBillingTasks(deps, log).catch((err: unknown) => log.error({ err }, 'billing tasks could not run'));
}

/**
 * A provider's event is taken in: written down once (a redelivery, or one an earlier version of the
 * server handled, is a duplicate), then handled after the answer.
 */
export async function receiveBillingEvent(deps: Deps, event: BillingEvent, log: TaskLog) {
  const provider = deps.billing.name;
  const handled = await deps.db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, event.id)));
  const added =
    !handled.length && (await addTaskOnce(deps.db, `event:${provider}:${event.id}`, 'event', event));
  if (added) startBillingTasks(deps, log);
  return { duplicate: !added };
}

/** A completed call moved the account's usage past a threshold: billing reports it after the answer. */
export async function reportUsage(deps: Deps, report: UsageReport, log: TaskLog) {
  await addTask(deps.db, `usage:${report.userId}:${report.month}`, 'usage', report, report.userId);
  startBillingTasks(deps, log);
}

/** The account's closed months are to be charged (usage.ts, queueClosedMonths). */
export async function queueMonthEnd(deps: Pick<Deps, 'db'>, job: MonthEnd) {
  await addTask(deps.db, `month-end:${job.userId}:${job.currentMonth}`, 'month_end', job, job.userId);
}
