// Lint for the three packages: correctness rules of TypeScript and React hooks, and the import
// directions of the architecture (README, Architecture), so a layer cannot start depending on the one
// above it without the build failing.
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every web feature folder: each may import only itself among the features. */
const features = fs
  .readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** A relative import of one of these server folders, from a file one folder deep in server/src. */
const serverLayers = (folders, message) => [
  'error',
  { patterns: [{ regex: `^\\.\\./(${folders.join('|')})/`, message }] },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/test-results/**', 'web/playwright-report/**', 'bench/results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Input checks match control characters on purpose (usernames, text fields, headers).
      'no-control-regex': 'off',
    },
  },

  // server/: transports are thin and share one core.
  {
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': serverLayers(
        ['api', 'http', 'rt', 'runtime'],
        'core/ is shared by every transport and by modules: it imports none of api/, http/, rt/ or runtime/.',
      ),
    },
  },
  {
    files: ['server/src/realtime/**/*.ts'],
    rules: {
      'no-restricted-imports': serverLayers(['rt', 'api', 'http', 'runtime'], 'realtime/ is below the socket: it does not import rt/ (inject what it needs).'),
    },
  },
  {
    files: ['server/src/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': serverLayers(['api', 'http'], 'runtime/ reaches the core, never the REST layer (api/, http/).'),
    },
  },

  // web/: shared and lib -> features -> app; no feature imports another.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['shared', 'lib', 'stores'].map((lower) => ({
              target: `./web/src/${lower}`,
              from: ['./web/src/features', './web/src/app'],
              message: `${lower}/ is below the features and the app: it imports neither.`,
            })),
            { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app.' },
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'No feature imports another: move what both need to shared/.',
            })),
          ],
        },
      ],
    },
  },
);
