import { reconcileCharges } from '../billing/charges/reconcile';
import { syncSubscriptions } from '../billing/sync';
import { queueClosedMonths } from '../billing/usage';
import { type MonthEnd, runBillingTasks } from '../billing/work';
import type { AppDeps } from '../deps';
import { runSandboxDue } from '../providers/sandboxes';
import { reconcileNumbers } from '../numbers/reconcile';
import { reconcileCalls } from '../calls/reconcile';
import { monthOf } from '../usage/months';
import { releaseEndedNumbers } from './release-ended-numbers';
import { MONTH_END_BILLING_CRON } from '../../../rules/plan';
import type { JobLog } from './run-job';

export type JobDeps = Pick<AppDeps, 'db' | 'billing' | 'telephony' | 'mailer' | 'config' | 'callEvents'> & {
  // Where an account's month-end charge is queued, when not as a billing task (pg-boss-runner.ts).
  queueMonthEnd?: (job: MonthEnd) => Promise<unknown>;
};

export interface Job {
  name: string;
  // Five-field cron, in UTC.
  cron: string;
  // A run that succeeds is not logged (a job that runs every minute); failures always are.
  quiet?: boolean;
  run(deps: JobDeps, log: JobLog): Promise<object>;
}

export const jobs: Job[] = [
  {
    // The extra minutes of the months that closed.
    name: 'bill-closed-months',
    cron: MONTH_END_BILLING_CRON,
    // One job per account, so this run lasts as long as the queueing and never outlives its expiry.
    run: async (deps) => ({
      accounts: await queueClosedMonths(deps, monthOf(new Date()), undefined, deps.queueMonthEnd),
    }),
  },
  {
    // Every minute: billing work its request left for after the answer (a webhook's event, a call's
    // usage, an account's month-end charge) that has not run yet, failed, or was cut by a crash.
    name: 'billing-tasks',
    cron: '* * * * *',
    quiet: true,
    run: async (deps, log) => ({ ran: await runBillingTasks(deps, log) }),
  },
  {
    // Daily: subscriptions read back from the provider and undelivered events taken in, so a lost
    // event never leaves an account with service it no longer pays for (billing/sync.ts).
    name: 'sync-subscriptions',
    cron: '30 3 * * *',
    run: (deps, log) => syncSubscriptions(deps, log),
  },
  {
    // Hourly: the sandbox's due work first (a renewal clears a hold), then numbers whose hold is over.
    name: 'end-subscriptions',
    cron: '20 * * * *',
    run: async (deps, log) => ({ ...(await runSandboxDue(deps, log)), ...(await releaseEndedNumbers(deps)) }),
  },
  {
    // Hourly: charges a crash or an outage left unfinished, missed invoice events, unsent receipts.
    name: 'reconcile-charges',
    cron: '40 * * * *',
    run: (deps) => reconcileCharges(deps),
  },
  {
    // Hourly: numbers the provider holds that no account owns are given back (numbers/reconcile.ts).
    name: 'reconcile-numbers',
    cron: '50 * * * *',
    run: (deps) => reconcileNumbers(deps),
  },
  {
    // Hourly: calls whose reports never reached us are read from the provider's Calls API and
    // counted (calls/reconcile.ts).
    name: 'reconcile-calls',
    cron: '10 * * * *',
    run: (deps) => reconcileCalls(deps),
  },
];

export function findJob(name: string): Job | undefined {
  return jobs.find((job) => job.name === name);
}
