import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';

// Typed hooks from src/store/hooks.ts only; MUI by path. Every no-restricted-imports block below repeats
// these, because a later block for the same files replaces the rule's options instead of adding to them.
const restrictedPaths = [
  {
    name: 'react-redux',
    importNames: ['useSelector', 'useDispatch'],
    message: 'Use @/store/hooks.',
  },
  {
    name: '@mui/material',
    message: 'Use path imports (@mui/material/Button) to keep bundles small.',
  },
  { name: '@mui/icons-material', message: 'Use path imports (@mui/icons-material/Phone).' },
];

// A feature imports components, hooks, the store, lib, config and its own folder, never another feature:
// what two features share belongs in one of those. Only src/app (the routes) puts features together.
const features = fs
  .readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: restrictedPaths,
        patterns: [
          {
            // The app, another feature by alias, or any relative path out of this folder.
            regex: `^(@/app/|(@/features/|\\.\\./)(?!${feature}/))`,
            message:
              'A feature imports only its own folder, @/components, @/hooks, @/store, @/lib and @/config.',
          },
        ],
      },
    ],
  },
}));

// The web app's layers, lowest first: each imports those below it and never one above. A feature's own
// rule (above) also keeps it from other features; only src/app puts features together.
const LAYERS = ['config', 'lib', 'store', 'hooks', 'components', 'features', 'app'];
const layerBoundaries = LAYERS.slice(0, LAYERS.indexOf('features')).map((layer, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    files: [`src/${layer}.ts`, `src/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: restrictedPaths,
          patterns: [
            {
              regex: `^(@/|(\\.\\./)+)(${above.join('|')})/`,
              message: `src/${layer}/ is below ${above.join(', ')}: they import it, never the other way.`,
            },
          ],
        },
      ],
    },
  };
});

// One no-restricted-imports block per set of files: a later block replaces an earlier one's options
// for the files both cover, so each set lists everything it may import from providers/.
function providerBoundary(files, alsoAllowed) {
  const allowed = ['telephony/provider', 'billing/provider', 'mail/mailer', ...alsoAllowed];
  return {
    files,
    ignores: ['server/src/providers/**', 'server/src/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)providers/(?!(${allowed.join('|')})$)`,
              message: `Outside server/src/providers/, import ${allowed.map((a) => `providers/${a}.ts`).join(', ')} only.`,
            },
            sandboxWing,
          ],
        },
      ],
    },
  };
}

// The server's domain folders (server/src/<domain>/).
const DOMAINS = [
  'account',
  'auth',
  'billing',
  'calls',
  'jobs',
  'limits',
  'numbers',
  'policy',
  'texts',
  'usage',
];

// The Stripe and Twilio emulators (server/src/sandbox/) are reached only where the app is wired
// (providers/from-config.ts, providers/sandboxes.ts); a domain or an adapter never runs their code.
const sandboxWing = {
  regex: '(^|/)sandbox/',
  allowTypeImports: true,
  message:
    'Only providers/from-config.ts and providers/sandboxes.ts import the sandbox (server/src/sandbox/).',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'coverage',
      '.data*',
      'e2e/.artifacts',
      'mocks/public/mockServiceWorker.js',
      'server/src/db/migrations',
      '.stryker-tmp',
      'mutation/reports',
    ],
  },
  js.configs.recommended,
  // Rules that need the types: the web app's tsconfig.json and the server's are found per file.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: restrictedPaths }],
    },
  },
  ...featureBoundaries,
  ...layerBoundaries,
  { files: ['src/store/hooks.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', '*.config.ts', 'jest.*.ts', '*.config.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The server's domains see a provider through its interface only; which implementation runs is
  // decided once, by providers/from-config.ts where the app is started (main.ts, jobs/run-once.ts),
  // and a sandbox's own routes and due work are reached through providers/sandboxes.ts.
  providerBoundary(['server/src/**/*.ts'], []),
  providerBoundary(['server/src/main.ts', 'server/src/jobs/run-once.ts'], ['from-config']),
  providerBoundary(['server/src/api.ts', 'server/src/jobs/schedule.ts'], ['sandboxes']),
  // An adapter knows its provider and our infrastructure (http/, db/, data-dir), never a domain; only
  // the wiring (from-config.ts, sandboxes.ts) and the verify:twilio tool reach into one.
  ...[1, 2].map((depth) => ({
    files: [`server/src/providers/${'*/'.repeat(depth)}*.ts`],
    ignores: [
      'server/src/providers/from-config.ts',
      'server/src/providers/sandboxes.ts',
      'server/src/providers/telephony/verify/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sandboxWing,
            {
              regex: `^(\\.\\./){${depth + 1}}(${DOMAINS.join('|')})/`,
              message: 'An adapter under providers/ never imports a domain module.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.test.{ts,tsx}', 'jest.setup.ts', 'src/test/**', 'server/test/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    // Tests read JSON answers (any) and assert their shape; the untyped-value rules would only ask
    // for casts there.
    files: [
      '**/*.test.{ts,tsx}',
      'server/test/**',
      'mocks/testApi.ts',
      'contract/api-contract/**',
      'contract/driver.ts',
      'e2e/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // React calls event handlers and ignores what they return; async ones handle their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and the providers' interfaces are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      // Augmenting a library's interface (MUI's theme) is an empty interface that extends ours.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allow: [
            { from: 'lib', name: 'URLSearchParams' },
            { from: 'package', package: 'url', name: 'URLSearchParams' },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
