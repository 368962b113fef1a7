/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import config from './jest.config';
import groups from './mutation/groups.json';

// The Jest run StrykerJS drives for one group of mutation/groups.json (MUTATION_GROUP): that group's
// project alone, narrowed to the tests meant to catch its bugs, so each mutant runs in seconds.
const name = process.env.MUTATION_GROUP ?? '';
const group = (groups as Record<string, { project: string; tests: string[] }>)[name];
if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(', ')}`);
const project = config.projects?.find(
  (p): p is Config => typeof p === 'object' && (p as Config).displayName === group.project,
);
if (!project) throw new Error(`No Jest project named ${group.project}`);

const mutationConfig: Config = {
  ...project,
  testTimeout: config.testTimeout,
  testMatch: group.tests.map((test) => `<rootDir>/${test}`),
};
export default mutationConfig;
