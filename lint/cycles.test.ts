// The cycle rules of .dependency-cruiser.mjs fire on probes: small files written to a temporary folder
// (outside the tree) and cruised with the project's configuration, as `npm run lint` cruises the sources.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

interface Violation {
  rule: string;
  from: string;
  to: string;
}

let dir: string;
let violations: Violation[];

/** Writes the probe files under dir: path relative to dir -> text. */
function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/** The violations whose files are all in the probe folder `folder` (relative to dir). */
function within(folder: string): Violation[] {
  const inside = (p: string) => p === folder || p.startsWith(`${folder}/`);
  return violations.filter((v) => inside(v.from) && inside(v.to));
}

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-cycles-'));
  write({
    // Two files importing each other.
    'values/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
    'values/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    // A cycle of type-only imports (ESLint's import/no-cycle skips those).
    'types/c.ts': "import type { D } from './d.ts';\nexport interface C { d?: D }\n",
    'types/d.ts': "import type { C } from './c.ts';\nexport interface D { c?: C }\n",
    // A cycle closed by a dynamic import.
    'dynamic/e.ts': "export const e = () => import('./f.ts');\n",
    'dynamic/f.ts': "import { e } from './e.ts';\nexport const f = e;\n",
    // Two folders importing each other through different files: no cycle between files.
    'folders/x/one.ts': "import { two } from '../y/two.ts';\nexport const one = two;\n",
    'folders/y/two.ts': 'export const two = 2;\n',
    'folders/y/three.ts': "import { four } from '../x/four.ts';\nexport const three = four;\n",
    'folders/x/four.ts': 'export const four = 4;\n',
    // Clean: a folder and its subfolder, each importing from the other (a folder contains its subfolders).
    'clean/top.ts': "import { low } from './sub/low.ts';\nexport const top = low;\n",
    'clean/base.ts': 'export const base = 0;\n',
    'clean/sub/low.ts': "import { base } from '../base.ts';\nexport const low = base;\n",
  });
  let out: string;
  try {
    out = execFileSync(path.join(root, 'node_modules/.bin/depcruise'), ['--config', path.join(root, '.dependency-cruiser.mjs'), '--output-type', 'json', '.'], {
      cwd: dir,
      encoding: 'utf8',
    });
  } catch (err) {
    // depcruise exits non-zero when it finds violations; its report is still on stdout.
    out = (err as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  violations = report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
});

after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('import cycles', () => {
  it('between files are refused', () => {
    assert.ok(within('values').some((v) => v.rule === 'no-file-cycle'), JSON.stringify(violations));
  });

  it('of type-only imports are refused', () => {
    assert.ok(within('types').some((v) => v.rule === 'no-file-cycle'), JSON.stringify(violations));
  });

  it('closed by a dynamic import are refused', () => {
    assert.ok(within('dynamic').some((v) => v.rule === 'no-file-cycle'), JSON.stringify(violations));
  });

  it('between folders are refused, though no two files import each other', () => {
    const found = within('folders');
    assert.ok(found.some((v) => v.rule === 'no-folder-cycle'), JSON.stringify(violations));
    assert.ok(!found.some((v) => v.rule === 'no-file-cycle'));
  });

  it('pass a folder and its subfolder importing from each other', () => {
    assert.deepEqual(within('clean'), []);
  });
});
