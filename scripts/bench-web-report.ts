// What `npm run bench:web` measured, against each page's targets, as the Markdown it prints (and, with
// `--write`, adds to docs/performance.md).
import { cpus, loadavg } from 'node:os';

export interface Figures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  benchmarkIndex: number;
  tbtMs: number;
  cls: number;
  scripts: string[];
  report: string;
}

interface Target {
  performance: number;
  lcpMs?: number;
  tbtMs?: number;
}

// Issue 15's table; every page also needs accessibility 100 and best practices ≥ 95, and the landing
// page's JavaScript stays within its budget.
export const PAGES: { route: string; signedIn: boolean; target: Target }[] = [
  { route: '/', signedIn: false, target: { performance: 100, lcpMs: 1200 } },
  { route: '/login', signedIn: false, target: { performance: 98 } },
  { route: '/dashboard', signedIn: true, target: { performance: 95, tbtMs: 100 } },
];
const EVERY_PAGE = { accessibility: 100, bestPractices: 95 };
const LANDING_JS_KB = 170;

const targetOf = (page: string) => PAGES.find((p) => p.route === page)!.target;

/** The targets a page's figures miss, as the table names them (none: all met). */
function misses(r: Figures): string[] {
  const target = targetOf(r.page);
  return [
    r.performance < target.performance && 'performance',
    r.accessibility < EVERY_PAGE.accessibility && 'accessibility',
    r.bestPractices < EVERY_PAGE.bestPractices && 'best practices',
    target.lcpMs !== undefined && r.lcpMs > target.lcpMs && 'LCP',
    target.tbtMs !== undefined && r.tbtMs > target.tbtMs && 'TBT',
  ].filter((miss): miss is string => !!miss);
}

const landingJsMissed = (kb: number) => kb > LANDING_JS_KB;
/** The run with the median performance score of a page's runs: the one reported. */
export const median = (runs: Figures[]) =>
  [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];

/** Whether a target is missed: by a page's median run, or by the landing page's JavaScript. */
export const missed = (runs: Figures[][], landingJsKb: number) =>
  runs.some((page) => misses(median(page)).length > 0) || landingJsMissed(landingJsKb);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A run's section: the median run of each page, each figure with a target marked met or missed. */
export function markdown(
  runs: Figures[][],
  landing: { kb: number; scripts: number },
  // What was measured: Lighthouse's version, the commit, and whether the tree had changes beside it.
  about: { lighthouse: string; commit: string; changed: boolean },
): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const mark = (r: Figures, name: string, value: string, targeted: boolean) =>
    targeted ? `${value} ${misses(r).includes(name) ? '❌' : '✅'}` : value;
  const results = runs.map(median);
  const rows = results.map((r) => {
    const target = targetOf(r.page);
    return `| ${r.page} | ${mark(r, 'performance', String(r.performance), true)} | ${mark(r, 'accessibility', String(r.accessibility), true)} | ${mark(r, 'best practices', String(r.bestPractices), true)} | ${seconds(r.fcpMs)} | ${mark(r, 'LCP', seconds(r.lcpMs), target.lcpMs !== undefined)} | ${mark(r, 'TBT', `${Math.round(r.tbtMs)} ms`, target.tbtMs !== undefined)} | ${r.cls.toFixed(3)} |`;
  });
  const single = runs
    .map((page) => `${page[0].page} ${page.map((r) => r.performance).join(', ')}`)
    .join('; ');
  return [
    `**Run of ${date} UTC** (\`npm run bench:web\` at \`${about.commit}\`${about.changed ? ' with changes' : ''}, Lighthouse ${about.lighthouse}, median of ${runs[0].length}`,
    `runs per page by performance; ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} when the runs ended;`,
    `benchmark index ${results.map((r) => r.benchmarkIndex).join(' / ')}):`,
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Single runs (performance): ${single}.`,
    `Landing page JavaScript: ${landing.scripts} scripts, **${landing.kb.toFixed(1)} kB gzip** ${landingJsMissed(landing.kb) ? '❌' : '✅'}.`,
    '',
  ].join('\n');
}
