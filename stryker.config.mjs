// @ts-check
// npm run test:mutation -- <group>: StrykerJS mutates one group of mutation/groups.json (the modules
// where a bug costs money, calls or access) and runs the tests meant to catch each mutant
// (jest.mutation.config.ts). docs/testing.md says how to read the score.
import { readFileSync } from 'node:fs';

const groups = JSON.parse(readFileSync(new URL('./mutation/groups.json', import.meta.url), 'utf8'));
const name = process.env.MUTATION_GROUP ?? '';
if (!groups[name]) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(', ')}`);
// A group's own environment, which the test runners inherit: `rules` runs with the host on a zone behind
// UTC, so that a day or month counted on the host's clock instead of UTC's fails a test.
Object.assign(process.env, groups[name].env);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.ts', enableFindRelatedTests: false },
  mutate: groups[name].mutate,
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  // The type checker needs a project that lists the mutated files (rules/ is the web project's).
  tsconfigFile:
    groups[name].tsconfig ?? (groups[name].project === 'web' ? 'tsconfig.json' : 'server/tsconfig.json'),
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  // A mutant that makes a test wait for ever is killed by the timeout; 2 workers on this 2-core machine.
  concurrency: 2,
  timeoutMS: 30_000,
  incremental: true,
  incrementalFile: `mutation/reports/${name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `mutation/reports/${name}.json` },
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['dist', 'build', 'e2e/.artifacts', 'mutation/reports', '.scratch'],
};
