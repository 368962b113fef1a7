import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      '.data*',
      'e2e/.artifacts',
      'mocks/public/mockServiceWorker.js',
      'server/src/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Typed hooks from src/store/hooks.ts only.
      'no-restricted-imports': [
        'error',
        {
          paths: [
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
          ],
        },
      ],
    },
  },
  { files: ['src/store/hooks.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', '*.config.ts', 'jest.*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'jest.setup.ts', 'src/test/**', 'server/test/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
