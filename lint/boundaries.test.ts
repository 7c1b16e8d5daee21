// Each boundary of eslint.config.js fires on a probe: a few lines linted as if they were a file at a given
// place in the tree, importing a real file across the boundary. No file is written; a nested folder is
// made empty for the while (imports resolve from a folder that exists) and removed. A clean probe at the
// same places passes, so the rules catch what they name and nothing else.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

interface Found {
  rule: string | null;
  message: string;
}

/** What ESLint reports on code placed at file (relative to the repository's root). */
async function lint(file: string, code: string): Promise<Found[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

/** Asserts that one of the findings is rule's, with a message containing text. */
async function fires(file: string, code: string, rule: string, text: string): Promise<void> {
  const found = await lint(file, code);
  assert.ok(
    found.some((f) => f.rule === rule && f.message.includes(text)),
    `expected ${rule} («${text}») on ${file}, got ${JSON.stringify(found)}`,
  );
}

async function passes(file: string, code: string): Promise<void> {
  assert.deepEqual(await lint(file, code), [], `expected ${file} to pass`);
}

/** A source file of a web feature other than `except`, to import across features. */
function webFeatureFile(except: string): string {
  const features = path.join(root, 'web/src/features');
  for (const feature of fs.readdirSync(features).sort()) {
    if (feature === except) continue;
    const file = fs
      .readdirSync(path.join(features, feature), { recursive: true, encoding: 'utf8' })
      .find((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
    if (file) return `${feature}/${file.split(path.sep).join('/')}`;
  }
  throw new Error('no web feature file found');
}

const madeFolders: string[] = [];
after(() => {
  for (const dir of madeFolders) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
});

/** A folder two levels below folder, made empty for this run: where a probe of a nested folder sits. */
function nested(folder: string): string {
  const top = `${folder}/lint-probe-${process.pid}`;
  fs.mkdirSync(path.join(root, top, 'nested'), { recursive: true });
  madeFolders.push(top);
  return `${top}/nested`;
}

const PATHS = 'import/no-restricted-paths';
const SYNTAX = 'no-restricted-syntax';
const IMPORTS = 'no-restricted-imports';

describe('server layers', () => {
  const core = 'core/ is shared by every transport';

  it('core imports no transport, no runtime and not app.ts', async () => {
    await fires('server/src/core/probe.ts', "import { apiRoutes } from '../api/index.ts';\nexport { apiRoutes };", PATHS, core);
    await fires('server/src/core/probe.ts', "export { createNk } from '../runtime/nk.ts';", PATHS, core);
    await fires('server/src/core/probe.ts', "import type { App } from '../app.ts';\nexport type A = App;", PATHS, core);
  });

  it('holds in a nested folder and for a dynamic import', async () => {
    await fires(`${nested('server/src/core')}/probe.ts`, "import '../../../http/server.ts';", PATHS, core);
    await fires('server/src/core/probe.ts', "export const socket = await import('../rt/socket.ts');", PATHS, core);
  });

  it('realtime does not import the core', async () => {
    await fires('server/src/realtime/probe.ts', "import type { Sessions } from '../core/sessions.ts';\nexport type S = Sessions;", PATHS, 'realtime/ is below the core');
  });

  it('http and rt do not import each other', async () => {
    await fires('server/src/http/probe.ts', "import '../rt/socket.ts';", PATHS, 'neither imports the other');
    await fires('server/src/rt/probe.ts', "import '../http/routes.ts';", PATHS, 'neither imports the other');
  });

  it('runtime does not import the REST layer', async () => {
    await fires('server/src/runtime/probe.ts', "import '../api/rpc.ts';", PATHS, 'runtime/ reaches the core');
  });

  it('only tests import testing/', async () => {
    await fires('server/src/runtime/probe.ts', "import '../testing/index.ts';", PATHS, 'Only tests import testing/.');
    await passes('server/src/runtime/probe.test.ts', "import '../testing/index.ts';");
  });

  it('passes a file that keeps to its layer', async () => {
    const file = `${nested('server/src/core')}/probe.ts`;
    await passes(file, "import { invalid } from '../../../errors.ts';\nimport type { Bus } from '../../../realtime/bus.ts';\nexport type B = Bus;\nexport { invalid };");
  });
});

describe('packages', () => {
  it('reach the server and the portal only through their exports', async () => {
    await fires('portal/src/teams/probe.ts', "import '../../../server/src/errors.ts';", PATHS, 'by its package exports (@tribuna/server');
    await fires('web/src/shared/lib/probe.ts', "import '../../../../server/src/encode.ts';", PATHS, 'by its package exports (@tribuna/server');
    await fires('web/src/shared/lib/probe.ts', "import '../../../../portal/src/lib/text-limits.ts';", PATHS, 'by its package exports (@tribuna/portal');
    await fires('web/src/shared/lib/probe.ts', "import '@tribuna/server/src/errors.ts';", IMPORTS, 'imported by its exports');
    await passes('web/src/shared/lib/probe.ts', "import { TEXT_LIMITS } from '@tribuna/portal/text-limits';\nexport { TEXT_LIMITS };");
  });

  it('give their test helpers to tests only', async () => {
    await fires('portal/src/news/probe.ts', "import '@tribuna/server/testing';", IMPORTS, 'Only tests import test helpers');
    await fires('web/src/shared/lib/probe.ts', "export const c = await import('@tribuna/portal/testing/xss-corpus');", SYNTAX, 'Only tests import test helpers');
    await passes('web/src/shared/lib/probe.test.ts', "import '@tribuna/portal/testing/xss-corpus';");
  });
});

describe('imports the rules can see', () => {
  it('import() takes a string literal', async () => {
    await fires('server/src/core/probe.ts', "const where = '../api/rpc.ts';\nexport const m = await import(where);", SYNTAX, 'takes a string literal');
    await fires('server/src/core/probe.ts', 'const area = "rpc";\nexport const m = await import(`../api/${area}.ts`);', SYNTAX, 'takes a string literal');
  });

  it('types come in by import type, not by an import() type', async () => {
    await fires('server/src/core/probe.ts', "export type R = import('../runtime/registry.ts').Registry;", SYNTAX, 'Import types with `import type`');
  });
});

describe('portal areas', () => {
  const publicFile = 'only through its public file';

  it('import another area only through its index.ts', async () => {
    await fires('portal/src/news/probe.ts', "import '../teams/store.ts';", PATHS, publicFile);
    await fires(`${nested('portal/src/news')}/probe.ts`, "import '../../../teams/access.ts';", PATHS, publicFile);
    await fires('portal/src/news/probe.ts', "export const t = await import('../teams/rpc.ts');", PATHS, publicFile);
    await passes('portal/src/news/probe.ts', "import { requireManager } from '../teams/index.ts';\nimport { cursor } from '../lib/rpc.ts';\nexport { requireManager, cursor };");
  });

  it('lib/ imports no area', async () => {
    await fires('portal/src/lib/probe.ts', "import '../teams/index.ts';", PATHS, 'lib/ is below the areas');
  });

  it('teams, roster and players announce a team\'s life instead of calling chats or locker', async () => {
    await fires('portal/src/teams/probe.ts', "import '../chats/index.ts';", PATHS, 'announce a team\'s life');
    await fires('portal/src/roster/probe.ts', "import '../locker/index.ts';", PATHS, 'announce a team\'s life');
  });

  it('only tests use the portal\'s test helpers', async () => {
    await fires('portal/src/news/probe.ts', "import '../testing.ts';", PATHS, 'Only tests import the portal\'s test helpers.');
    await passes('portal/src/news/probe.test.ts', "import '../testing.ts';\nimport '../testing-xss-corpus.ts';");
  });
});

describe('web layers', () => {
  it('no feature imports another, and shared/ imports no feature', async () => {
    const other = webFeatureFile('news');
    await fires('web/src/features/news/probe.ts', `import '../${other}';`, PATHS, 'No feature imports another');
    await fires('web/src/shared/lib/probe.ts', `import '../../features/${other}';`, PATHS, 'shared/ is below the features');
  });
});

describe('file length', () => {
  it('a source file stays under 400 lines, a test file under 600', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n');
    await fires('server/src/core/probe.ts', lines(401), 'max-lines', 'Maximum allowed is 400');
    await passes('server/src/core/probe.ts', lines(400));
    await passes('server/src/core/probe.test.ts', lines(600));
    await fires('server/src/core/probe.test.ts', lines(601), 'max-lines', 'Maximum allowed is 600');
  });
});
