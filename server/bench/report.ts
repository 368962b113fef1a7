import { CONNECTIONS, type Measured, ROUNDS, SECONDS } from './measure';

// The issue's targets, by position in the targets list: ratio to the one-query route and p99.
const GOALS: Record<number, { ratio: number; p99: number }> = {
  2: { ratio: 0.5, p99: 25 },
  3: { ratio: 0.7, p99: 10 },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Prints each route's median over the rounds: req/s, p99, and its ratio to the one-query route
 * (the median of the per-round ratios, each against the floor measured in the same round).
 */
export function report(kind: string, rounds: Measured[][]) {
  console.log(`\n${kind}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route, medians\n`);
  console.log(
    'route'.padEnd(58) + 'req/s'.padStart(8) + 'p99 ms'.padStart(8) + 'ratio'.padStart(7) + '  target',
  );
  rounds[0].forEach(({ name }, i) => {
    const rps = median(rounds.map((r) => r[i].requestsPerSecond));
    const p99 = median(rounds.map((r) => r[i].p99Ms));
    const ratio = median(rounds.map((r) => r[i].requestsPerSecond / r[1].requestsPerSecond));
    const failures = rounds.reduce((sum, r) => sum + r[i].failures, 0);
    const goal = GOALS[i];
    const verdict = goal
      ? `≥${goal.ratio * 100}%, ≤${goal.p99} ms: ${ratio >= goal.ratio && p99 <= goal.p99 ? 'met' : 'MISSED'}`
      : '';
    console.log(
      name.padEnd(58) +
        rps.toFixed(0).padStart(8) +
        String(p99).padStart(8) +
        `${(ratio * 100).toFixed(0)}%`.padStart(7) +
        `  ${verdict}${failures ? ` (${failures} failed requests)` : ''}`,
    );
  });
  console.log(`\nPer round (req/s, p99 ms):`);
  rounds.forEach((r, n) =>
    console.log(`  ${n + 1}: ${r.map((m) => `${m.requestsPerSecond.toFixed(0)}/${m.p99Ms}`).join('  ')}`),
  );
}
