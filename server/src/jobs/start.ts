import type { Config } from '../config';
import { startCronJobs } from './cron-runner';
import { startPgBossJobs } from './pg-boss-runner';
import type { JobLog, JobRunner } from './run-job';
import type { JobDeps } from './schedule';

// The scheduled jobs of a server process: through pg-boss on Postgres, in process on PGlite.
export async function startJobs(config: Config, deps: JobDeps, log: JobLog): Promise<JobRunner> {
  const runner = config.databaseUrl
    ? await startPgBossJobs(config.databaseUrl, deps, log)
    : startCronJobs(deps, log);
  log.info({ runner: config.databaseUrl ? 'pg-boss' : 'in-process' }, 'scheduled jobs started');
  return runner;
}
