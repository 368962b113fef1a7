import { reconcileCharges } from '../billing/charges/reconcile';
import { billClosedMonths } from '../billing/usage';
import type { AppDeps } from '../deps';
import { runSandboxDue } from '../providers/sandboxes';
import { reconcileNumbers } from '../numbers/reconcile';
import { monthOf } from '../usage/months';
import { releaseEndedNumbers } from './release-ended-numbers';

export type JobDeps = Pick<AppDeps, 'db' | 'billing' | 'telephony' | 'mailer' | 'config'>;

export interface Job {
  name: string;
  // Five-field cron, in UTC.
  cron: string;
  run(deps: JobDeps): Promise<object>;
}

export const jobs: Job[] = [
  {
    // The 1st, a few minutes after midnight UTC: the extra minutes of the months that closed.
    name: 'bill-closed-months',
    cron: '5 0 1 * *',
    run: async (deps) => ({ accounts: await billClosedMonths(deps, monthOf(new Date())) }),
  },
  {
    // Hourly: the sandbox's due work first (a renewal clears a hold), then numbers whose hold is over.
    name: 'end-subscriptions',
    cron: '20 * * * *',
    run: async (deps) => ({ ...(await runSandboxDue(deps)), ...(await releaseEndedNumbers(deps)) }),
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
];

export function findJob(name: string): Job | undefined {
  return jobs.find((job) => job.name === name);
}
