/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import { loadEnv } from 'vite';

// Jest reads the same .env files as Vite: SWC replaces import.meta.env with Vite's own env object.
const viteEnv = { ...loadEnv('test', process.cwd(), 'VITE_'), MODE: 'test', DEV: false, PROD: false };

// ESM-only packages that must be transformed for Jest's CommonJS runtime.
const esmPackages = [
  'msw',
  '@mswjs',
  '@open-draft',
  '@bundled-es-modules',
  'until-async',
  'outvariant',
  'strict-event-emitter',
  'headers-polyfill',
  'rettime',
  'react-markdown',
  'unified',
  'bail',
  'is-plain-obj',
  'trough',
  'vfile',
  'vfile-message',
  'unist-.*',
  'remark-.*',
  'mdast-.*',
  'micromark.*',
  'decode-named-character-reference',
  'character-entities.*',
  'hast-.*',
  'html-url-attributes',
  'devlop',
  'comma-separated-tokens',
  'space-separated-tokens',
  'property-information',
  'estree-util-.*',
  'zwitch',
  'longest-streak',
  'ccount',
  'trim-lines',
  'markdown-table',
  'escape-string-regexp',
  'cookie',
  'content-disposition',
  '@electric-sql/pglite',
  'jose',
  'redux-persist',
].join('|');

const swc = (optimizerVars?: Record<string, string>) =>
  [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: {
          react: { runtime: 'automatic' },
          ...(optimizerVars ? { optimizer: { globals: { vars: optimizerVars } } } : {}),
        },
      },
    },
  ] as [string, Record<string, unknown>];

// Every timeout of the suite, sized for a busy 2-core machine (one core taken by something else): lazy
// pages, argon2 hashes and fresh PGlite copies all take several times longer there than on a quiet one.
// Waiting on a condition is bounded only by these; no test bounds elapsed time itself. (Jest reads the
// test timeout from the top level only, not per project.)
const timeouts = { test: 60_000, webWaitFor: 10_000 };

const config: Config = {
  testTimeout: timeouts.test,
  projects: [
    {
      displayName: 'web',
      globals: { WAIT_FOR_TIMEOUT_MS: timeouts.webWaitFor },
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src', '<rootDir>/mocks', '<rootDir>/contract'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      moduleNameMapper: {
        '^@/(.*)$': '<rootDir>/src/$1',
        '^@mocks/(.*)$': '<rootDir>/mocks/$1',
        '^@rules/(.*)$': '<rootDir>/rules/$1',
        '^@contract/(.*)$': '<rootDir>/contract/$1',
      },
      transform: {
        '^.+\\.(m?[jt]sx?|cjs)$': swc({ 'import.meta.env': JSON.stringify(viteEnv) }),
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
    },
    {
      // The benchmarks' own logic: their verdicts on the issue's targets.
      displayName: 'bench',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts', '<rootDir>/server/bench'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(m?[jt]sx?|cjs)$': swc() },
    },
    {
      // rules/: pure functions, no DOM and no database, so they run in milliseconds (and are what
      // the `rules` mutation group runs against each mutant).
      displayName: 'rules',
      testEnvironment: 'node',
      roots: ['<rootDir>/rules'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(m?[jt]sx?|cjs)$': swc() },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['<rootDir>/server/test/**/*.test.ts'],
      globalSetup: '<rootDir>/server/test/globalSetup.ts',
      transform: { '^.+\\.(m?[jt]sx?|cjs)$': swc() },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
    },
  ],
};

export default config;
