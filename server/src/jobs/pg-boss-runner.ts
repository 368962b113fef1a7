import PgBoss from 'pg-boss';
import { billUsage } from '../billing/charges/bill-usage';
import type { MonthEnd } from '../billing/work';
import { type JobLog, type JobRunner, runJob } from './run-job';
import { type JobDeps, jobs } from './schedule';

const MONTH_END = 'bill-account-month';

// Postgres: pg-boss keeps the schedules and queues in the database (schema pgboss), so
// however many API nodes run this, each scheduled run is one job taken by one worker.
export async function startPgBossJobs(databaseUrl: string, deps: JobDeps, log: JobLog): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2 });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  await boss.start();
  // An account's month-end charge, one job each (bill-closed-months fans out): stately keeps one
  // waiting job per account and month, so a retried fan-out queues nothing twice, and billUsage
  // charges only what the ledger does not hold yet, so a job run twice never bills twice.
  await boss.createQueue(MONTH_END, { name: MONTH_END, policy: 'stately', retryLimit: 5, retryDelay: 60 });
  await boss.work<MonthEnd>(MONTH_END, async ([job]) => {
    const { userId, currentMonth } = job.data;
    await billUsage(deps, userId, { kind: 'month_end', currentMonth }).catch((err: unknown) => {
      log.error({ err, userId, currentMonth }, 'month-end charge failed; pg-boss retries it');
      throw err;
    });
  });
  const queueMonthEnd = (job: MonthEnd) =>
    boss.send(MONTH_END, job, { singletonKey: `${job.userId}:${job.currentMonth}` });
  deps = { ...deps, queueMonthEnd };
  for (const job of jobs) {
    // singleton: never two runs of the same job at once; a failed run is retried twice.
    await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 2, retryDelay: 60 });
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, () => runJob(job, deps, log));
  }
  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 30_000 }) };
}
