// npm run bench -- --both-databases [other flags]: the same pass twice in one command, on the embedded
// database and then on PostgreSQL (DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432/test),
// each in a process of its own with its own servers; both tables are printed again at the end, and the exit
// code is non-zero unless every target is met on both.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printTable, ROOT, type Row } from './lib.ts';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

function pass(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [path.join(ROOT, 'bench/run.ts'), ...args], { cwd: ROOT, env, stdio: 'inherit' });
    proc.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the pass on each database; answers the exit code. */
export async function bothDatabases(args: string[]): Promise<number> {
  const postgres = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-bench-both-'));
  const runs = [
    { name: 'embedded PGlite', env: { DATABASE_URL: '' } },
    { name: `PostgreSQL (${new URL(postgres).host})`, env: { DATABASE_URL: postgres } },
  ];
  const outcomes: { name: string; code: number; rows?: Row[] }[] = [];
  for (const [i, r] of runs.entries()) {
    const file = path.join(dir, `${i}.json`);
    const env: NodeJS.ProcessEnv = { ...process.env, ...r.env, BENCH_RESULTS_FILE: file };
    if (!env.DATABASE_URL) delete env.DATABASE_URL;
    console.log(`\n=== ${r.name} ===\n`);
    const code = await pass(args, env);
    const rows = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { rows: Row[] }).rows : undefined;
    outcomes.push({ name: r.name, code, rows });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log('\n=== both databases ===');
  for (const o of outcomes) {
    console.log(`\n${o.name}:\n`);
    console.log(o.rows ? printTable(o.rows) : `(the pass failed with exit code ${o.code} before its table)`);
    const misses = o.rows?.filter((r) => r.pass === false).map((r) => r.metric) ?? [];
    console.log(`\n${o.rows && o.code === 0 && !misses.length ? 'Every target met.' : `Missed targets: ${misses.join('; ') || `exit code ${o.code}`}`}`);
  }
  const ok = outcomes.every((o) => o.code === 0);
  console.log(`\n${ok ? 'Every target met on both databases.' : 'Some target missed: see above.'}`);
  return ok ? 0 : 1;
}
