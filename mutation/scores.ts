// npm run test:mutation (no group): each group's score from its committed incremental file, the last
// run's result, without running anything. A group whose mutated files changed since its run is marked
// so: its score is that run's, and the next run re-tests what changed.
import { existsSync, readFileSync } from 'node:fs';
import { calculateMutationTestMetrics } from 'mutation-testing-metrics';
import groups from './groups.json';

const GOAL = 85;

function scoreOf(group: string): string[] {
  const file = `mutation/reports/${group}.incremental.json`;
  if (!existsSync(file)) return [group, 'no stored run (docs/testing.md)', '', '', '', '', ''];
  const report = JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof calculateMutationTestMetrics>[0];
  const m = calculateMutationTestMetrics(report).systemUnderTestMetrics.metrics;
  const changed = Object.entries(report.files).some(
    ([path, { source }]) => !existsSync(path) || readFileSync(path, 'utf8') !== source,
  );
  // No valid mutant (all refused or ignored) has no score, and so no verdict.
  const score = Number.isNaN(m.mutationScore) ? '—' : `${m.mutationScore.toFixed(1)} %`;
  const verdict = m.mutationScore < GOAL ? ` <${GOAL}` : '';
  return [
    group,
    `${score}${verdict}${changed ? ' (code changed since)' : ''}`,
    String(m.totalDetected),
    String(m.survived),
    String(m.noCoverage),
    String(m.ignored),
    String(m.compileErrors),
  ];
}

const asked = process.argv.slice(2);
const names = asked.length ? asked : Object.keys(groups);
const rows = [
  ['group', 'score', 'killed', 'survived', 'no coverage', 'ignored', 'refused'],
  ...names.map(scoreOf),
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
for (const row of rows)
  console.log(
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
console.log(
  `\nThe last run's result per group (mutation/reports/<group>.incremental.json); survivors and why ` +
    `they are equivalent: docs/testing.md.`,
);
