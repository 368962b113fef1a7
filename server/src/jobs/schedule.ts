import { billClosedMonths } from '../billing/usage';
import type { AppDeps } from '../deps';
import { monthOf } from '../usage/plan';
import { endSandboxPeriods } from './end-sandbox-periods';
import { releaseEndedNumbers } from './release-ended-numbers';

export type JobDeps = Pick<AppDeps, 'db' | 'billing' | 'telephony'>;

export interface Job {
  name: string;
  // Five-field cron, in UTC.
  cron: string;
  run(deps: JobDeps): Promise<object>;
}

export const jobs: Job[] = [
  {
    // The 1st, a few minutes after midnight UTC: the extra minutes of the month that just closed.
    name: 'bill-closed-months',
    cron: '5 0 1 * *',
    run: async (deps) => ({ months: await billClosedMonths(deps, monthOf(new Date())) }),
  },
  {
    // Hourly. Sandbox periods end first, so a renewed trial never loses its number.
    name: 'end-subscriptions',
    cron: '20 * * * *',
    run: async (deps) => ({
      ...(await endSandboxPeriods(deps.db)),
      ...(await releaseEndedNumbers(deps)),
    }),
  },
];

export function findJob(name: string): Job | undefined {
  return jobs.find((job) => job.name === name);
}
