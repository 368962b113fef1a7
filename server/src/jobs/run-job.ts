import { jobRuns } from '../metrics/process';
import type { Job, JobDeps } from './schedule';

// What the jobs log through: the server's logger (pino), or the console when run by hand.
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunner {
  // Stops scheduling and waits for a job under way, before the database closes.
  stop(): Promise<void>;
}

// Runs a job and logs its outcome; rethrows so pg-boss records the failure.
export async function runJob(job: Job, deps: JobDeps, log: JobLog) {
  try {
    const result = await job.run(deps, log);
    jobRuns.inc({ job: job.name, outcome: 'done' });
    if (!job.quiet) log.info({ job: job.name, result }, `job ${job.name} done`);
  } catch (error) {
    jobRuns.inc({ job: job.name, outcome: 'failed' });
    const causes = error instanceof AggregateError ? error.errors : undefined;
    log.error({ job: job.name, err: error, causes }, `job ${job.name} failed`);
    throw error;
  }
}
