import PgBoss from 'pg-boss';
import { type JobLog, type JobRunner, runJob } from './run-job';
import { type JobDeps, jobs } from './schedule';

// Postgres: pg-boss keeps the schedules and queues in the database (schema pgboss), so
// however many API nodes run this, each scheduled run is one job taken by one worker.
export async function startPgBossJobs(databaseUrl: string, deps: JobDeps, log: JobLog): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2 });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  await boss.start();
  for (const job of jobs) {
    // singleton: never two runs of the same job at once; a failed run is retried twice.
    await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 2, retryDelay: 60 });
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, () => runJob(job, deps, log));
  }
  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 30_000 }) };
}
