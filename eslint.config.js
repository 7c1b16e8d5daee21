// Lint for the three packages: correctness rules of TypeScript and React hooks, file length, and the
// boundaries of the architecture (README, Architecture) as zones of import/no-restricted-paths: a zone
// names the folders (or files) a folder may not import, by resolved path, so a nested folder,
// `export … from` and a dynamic import() are held to it too. import() takes only a string literal, so
// every import can be checked. Cycles between files and between folders are dependency-cruiser's
// (.dependency-cruiser.mjs): it sees type-only imports and folders, which import/no-cycle does not, in a
// tenth of no-cycle's time. lint/boundaries.test.ts and lint/cycles.test.ts show each rule firing on a probe.
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** Test code: tests, the helpers they share, and the browser tests. Only it imports test helpers. */
const TEST_FILES = [
  '**/*.test.{ts,tsx}',
  'server/src/testing/**',
  'portal/src/testing.ts',
  'portal/src/testing-*.ts',
  'web/src/test-setup.ts',
  'web/src/test/**',
  'web/e2e/**',
  'lint/**',
];

// server/: transports are thin and share one core; realtime/ is below the core.
const S = './server/src';
const serverZones = [
  {
    target: `${S}/core`,
    from: [`${S}/api`, `${S}/http`, `${S}/rt`, `${S}/runtime`, `${S}/app.ts`, `${S}/main.ts`],
    message: 'core/ is shared by every transport and by modules: it imports no transport (api/, http/, rt/), no runtime/ and not app.ts.',
  },
  {
    target: `${S}/realtime`,
    from: [`${S}/core`, `${S}/api`, `${S}/http`, `${S}/rt`, `${S}/runtime`, `${S}/app.ts`, `${S}/main.ts`],
    message: 'realtime/ is below the core and the socket: it imports none of core/, rt/, api/, http/, runtime/ (what it needs lives at the top of src/, or is injected).',
  },
  {
    target: `${S}/runtime`,
    from: [`${S}/api`, `${S}/http`, `${S}/app.ts`, `${S}/main.ts`],
    message: 'runtime/ reaches the core, never the REST layer (api/, http/) or the app.',
  },
  { target: `${S}/http`, from: `${S}/rt`, message: 'http/ and rt/ are two transports side by side: neither imports the other (what both need lives at the top of src/).' },
  { target: `${S}/rt`, from: `${S}/http`, message: 'http/ and rt/ are two transports side by side: neither imports the other (what both need lives at the top of src/).' },
];

// Packages meet through their exports. bench/ measures the server's and the portal's insides on purpose.
const packageZones = [
  {
    target: ['./portal', './web'],
    from: S,
    message: 'Outside server/, the server is imported by its package exports (@tribuna/server, @tribuna/server/testing), never by a path into server/src.',
  },
  {
    target: ['./server', './web'],
    from: './portal/src',
    message: 'Outside portal/, the portal is imported by its package exports (@tribuna/portal, /types, /text-limits), never by a path into portal/src.',
  },
];

// portal/: an area imports another only through that area's public file; lib/ is below every area.
const P = './portal/src';
const areas = folders('./portal/src').filter((d) => d !== 'lib');
const portalTestHelpers = ['./testing.ts', './testing-league.ts', './testing-push.ts', './testing-yookassa.ts', './testing-xss-corpus.ts'];
const portalZones = (forTests) => {
  // Tests may also use the portal's test helpers and the module itself.
  const extra = forTests ? [...portalTestHelpers, './index.ts'] : [];
  return [
    ...areas.map((area) => ({
      target: `${P}/${area}`,
      from: P,
      except: [`./${area}`, './lib', ...areas.filter((a) => a !== area).map((a) => `./${a}/index.ts`), ...extra],
      message: `An area imports another only through its public file, <area>/index.ts (and lib/).`,
    })),
    { target: `${P}/lib`, from: P, except: ['./lib', ...extra], message: 'lib/ is below the areas: it imports none of them.' },
    {
      target: [`${P}/teams`, `${P}/roster`, `${P}/players`],
      from: [`${P}/chats`, `${P}/locker`],
      message: 'Teams, roster and players do not call chats or locker: they announce a team\'s life (teams/life.ts), and chats and locker register their steps.',
    },
  ];
};

// What only tests import.
const testHelperZones = [
  { target: `${S}`, from: `${S}/testing`, message: 'Only tests import testing/.' },
  { target: P, from: portalTestHelpers.map((f) => `${P}/${f.slice(2)}`), message: 'Only tests import the portal\'s test helpers.' },
];

// web/: shared and lib -> features -> app; no feature imports another.
const W = './web/src';
const webZones = [
  ...['shared', 'lib', 'stores'].map((lower) => ({
    target: `${W}/${lower}`,
    from: [`${W}/features`, `${W}/app`],
    message: `${lower}/ is below the features and the app: it imports neither.`,
  })),
  { target: `${W}/features`, from: `${W}/app`, message: 'Features do not import the app.' },
  ...folders('./web/src/features').map((feature) => ({
    target: `${W}/features/${feature}`,
    from: `${W}/features`,
    except: [`./${feature}`],
    message: 'No feature imports another: move what both need to shared/.',
  })),
];

const zones = (forTests) => [...serverZones, ...packageZones, ...portalZones(forTests), ...webZones, ...(forTests ? [] : testHelperZones)];

const DYNAMIC_IMPORT = {
  selector: "ImportExpression[source.type!='Literal']",
  message: 'import() takes a string literal, so the boundary rules can see where it leads.',
};
const TYPE_IMPORT = {
  selector: 'TSImportType[source.value=/^\\./]',
  message: 'Import types with `import type` at the top of the file, where the boundary rules see them.',
};
const PACKAGE_INSIDES = { group: ['@tribuna/*/src', '@tribuna/*/src/*'], message: 'A workspace package is imported by its exports.' };
const TEST_HELPERS = { group: ['@tribuna/*/testing', '@tribuna/*/testing/*'], message: 'Only tests import test helpers.' };
const DYNAMIC_TEST_HELPERS = {
  selector: 'ImportExpression[source.value=/^@tribuna\\u002F[^\\u002F]+\\u002F(testing|src)(\\u002F|$)/]',
  message: 'Only tests import test helpers, and a workspace package is imported by its exports.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/test-results/**', 'web/playwright-report/**', 'bench/results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Input checks match control characters on purpose (usernames, text fields, headers).
      'no-control-regex': 'off',
      'import/no-restricted-paths': ['error', { zones: zones(false) }],
      'no-restricted-imports': ['error', { patterns: [PACKAGE_INSIDES, TEST_HELPERS] }],
      'no-restricted-syntax': ['error', DYNAMIC_IMPORT, TYPE_IMPORT, DYNAMIC_TEST_HELPERS],
      // Files split along their seams: a source file stays under 400 lines (a test file under 600).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      'import/no-restricted-paths': ['error', { zones: zones(true) }],
      'no-restricted-imports': ['error', { patterns: [PACKAGE_INSIDES] }],
      // Tests type mocked modules by import() types (vitest's importActual<typeof import(…)>).
      'no-restricted-syntax': ['error', DYNAMIC_IMPORT],
      'max-lines': ['error', { max: 600 }],
    },
  },
  // The composition root loads the runtime modules RUNTIME_MODULES names, by name.
  {
    files: ['server/src/app.ts'],
    rules: { 'no-restricted-syntax': ['error', TYPE_IMPORT, DYNAMIC_TEST_HELPERS] },
  },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
