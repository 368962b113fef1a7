import { Cron } from 'croner';
import { type JobLog, type JobRunner, runJob } from './run-job';
import { type JobDeps, jobs } from './schedule';

// Embedded PGlite: one process owns the data folder, so an in-process cron runs each job once.
export function startCronJobs(deps: JobDeps, log: JobLog): JobRunner {
  const running = new Set<Promise<void>>();
  const crons = jobs.map(
    (job) =>
      // protect: a run that outlasts the interval is not started twice.
      new Cron(job.cron, { timezone: 'UTC', protect: true }, () => {
        const run = runJob(job, deps, log).catch(() => {}); // logged by runJob
        running.add(run);
        void run.finally(() => running.delete(run));
        return run;
      }),
  );
  return {
    stop: async () => {
      for (const cron of crons) cron.stop();
      await Promise.all(running);
    },
  };
}
