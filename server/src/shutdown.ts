import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { JobRunner } from './jobs/run-job';

interface Shutdown {
  app: FastifyInstance;
  jobs: JobRunner;
  // Closed last: the jobs and the requests under way need it to the end.
  closeDatabase: () => Promise<void>;
  delayMs: number;
  timeoutMs: number;
}

/**
 * Drains the node on SIGTERM or SIGINT: it turns unready at once (the load balancer stops sending),
 * keeps serving for `delayMs`, then stops listening and waits for the requests and the job under way,
 * then closes the pools and exits 0. A second signal, or `timeoutMs` passing, exits 1 at once.
 */
export function exitOnSignals({ app, jobs, closeDatabase, delayMs, timeoutMs }: Shutdown) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.error(`${signal} received again: exiting without finishing`);
      return process.exit(1);
    }
    stopping = true;
    app.log.info({ delayMs, timeoutMs }, `${signal} received: unready, draining`);
    app.drain.start();
    setTimeout(() => {
      app.log.error(`shutdown took over ${timeoutMs} ms: exiting without finishing`);
      process.exit(1);
    }, timeoutMs).unref();
    // pg-boss takes no new job from now on and waits for the one under way.
    Promise.all([jobs.stop(), sleep(delayMs).then(() => app.close())])
      .then(() => closeDatabase())
      .then(
        () => {
          app.log.info('drained and closed');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
