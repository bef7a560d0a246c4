import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tsbuild/**',
      'storybook-static/**',
      'test-results/**',
      'playwright-report/**',
      '.storybook/public/**',
      '**/.sala-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...storybook.configs['flat/recommended'],
  {
    // Every end-to-end spec takes `test` and `expect` from its support file, whose fixture fails
    // a test on any Content Security Policy violation.
    files: ['packages/app/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './support.js' (it watches the CSP).",
            },
          ],
        },
      ],
    },
  },
  {
    // A server module is its routes.ts and service.ts, which are its own, and named rule modules
    // (access.ts, grants.ts, sessions.ts, …) that other modules may use. One module reaching into
    // another's service or routes couples them through internals: what is shared is a rule module
    // of its owner, or lives in src/lib.
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: ['packages/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/(service|routes)\\.js$',
              message:
                "Another module's service and routes are its own: use its rule module, or move what is shared to src/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line programs print to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'packages/server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
