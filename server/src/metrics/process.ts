import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * The metrics of the whole process, whichever app serves them: Node's own (memory, CPU, event
 * loop lag, handles) and the scheduled jobs' runs, which run beside the app rather than in it.
 */
export const processRegistry = new Registry();

export const jobRuns = new Counter({
  name: 'forwardly_job_runs_total',
  help: 'Scheduled job runs on this node, by job and outcome (done or failed).',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

let defaultsCollected = false;

/** Starts Node's default metrics, once per process (their event-loop monitor is process-wide). */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}
