import os from 'node:os';
import { CONNECTIONS, type Measured, ROUNDS, SECONDS, type Target } from './measure';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cpuColumn = (us: number | null) => (us === null ? '–' : String(us));

/**
 * Prints each route's median over the rounds: req/s, p99, its ratio to the one-query route (the
 * median of the per-round ratios, each against the floor measured in the same round), and the CPU
 * each request cost the server's main thread and, on a Postgres server of this machine, Postgres.
 * Answers whether every target was met.
 */
export function report(kind: string, targets: Target[], rounds: Measured[][]): boolean {
  console.log(`\n${kind}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route, medians`);
  // The machine is shared: how busy it was says how far the figures can be trusted.
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(`load average ${load.join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores\n`);
  console.log(
    'route'.padEnd(62) +
      'req/s'.padStart(8) +
      'p99 ms'.padStart(8) +
      'ratio'.padStart(7) +
      'server µs'.padStart(11) +
      'pg µs'.padStart(7) +
      '  target',
  );
  let allMet = true;
  rounds[0].forEach(({ name }, i) => {
    const rps = median(rounds.map((r) => r[i].requestsPerSecond));
    const p99 = median(rounds.map((r) => r[i].p99Ms));
    const ratio = median(rounds.map((r) => r[i].requestsPerSecond / r[1].requestsPerSecond));
    const failures = rounds.reduce((sum, r) => sum + r[i].failures, 0);
    const cpuOf = (part: 'serverUs' | 'postgresUs') => {
      const values = rounds.map((r) => r[i][part]);
      return values.every((v) => v !== null) ? median(values) : null;
    };
    const goal = targets[i].goal;
    const met = !goal || (ratio * 100 >= goal.percent && p99 <= goal.p99);
    allMet &&= met;
    const verdict = goal ? `≥${goal.percent}%, ≤${goal.p99} ms: ${met ? 'met' : 'MISSED'}` : '';
    console.log(
      name.padEnd(62) +
        rps.toFixed(0).padStart(8) +
        String(p99).padStart(8) +
        `${(ratio * 100).toFixed(0)}%`.padStart(7) +
        cpuColumn(cpuOf('serverUs')).padStart(11) +
        cpuColumn(cpuOf('postgresUs')).padStart(7) +
        `  ${verdict}${failures ? ` (${failures} failed requests)` : ''}`,
    );
  });
  console.log(
    "\nserver µs, pg µs: CPU time per request of the server's main thread and of all Postgres processes",
  );
  console.log(`\nPer round (req/s, p99 ms):`);
  rounds.forEach((r, n) =>
    console.log(`  ${n + 1}: ${r.map((m) => `${m.requestsPerSecond.toFixed(0)}/${m.p99Ms}`).join('  ')}`),
  );
  return allMet;
}
