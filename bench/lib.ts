// Bench plumbing: child processes that report one JSON line, CPU time of a process, the table.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface Child {
  proc: ChildProcess;
  info: Record<string, unknown>;
  stop(): Promise<void>;
}

/** Starts a TypeScript file on this Node; resolves with the first JSON line it prints. */
export function startChild(file: string, args: string[] = [], env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeArgs, file, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buf = '';
    let settled = false;
    const onLine = (line: string) => {
      if (settled || !line.startsWith('{')) return;
      settled = true;
      resolve({
        proc,
        info: JSON.parse(line),
        stop: () =>
          new Promise((done) => {
            if (proc.exitCode !== null) return done();
            proc.once('exit', () => done());
            proc.kill('SIGTERM');
            setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
          }),
      });
    };
    proc.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) !== -1) {
        onLine(buf.slice(0, i).trim());
        buf = buf.slice(i + 1);
      }
    });
    let err = '';
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('exit', (code) => {
      if (!settled) reject(new Error(`${path.basename(file)} exited with ${code}: ${err.slice(-2000)}`));
    });
  });
}

/** Runs a load generator to completion and returns its JSON result (its last JSON line). */
export function runLoad(file: string, args: Record<string, unknown>): Promise<Record<string, number>> {
  // Each load generator prints numbers only.
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [file, JSON.stringify(args)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').filter((l) => l.startsWith('{')).pop();
      if (code !== 0 || !line) reject(new Error(`${path.basename(file)} failed (${code}): ${err.slice(-2000)}`));
      else resolve(JSON.parse(line));
    });
  });
}

/** User plus system CPU seconds a process has used so far (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

export interface Row {
  metric: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  target?: string;
  pass?: boolean;
  note?: string;
}

function fmt(n: number | null | undefined, digits = 1): string {
  // A figure not measured (NaN, null once written to JSON) prints empty.
  if (n === undefined || n === null || Number.isNaN(n)) return '';
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(digits);
}

export function printTable(rows: Row[]): string {
  const head = ['metric', 'value', 'unit', 'baseline', 'ratio', 'target', 'result'];
  const body = rows.map((r) => [
    r.metric,
    fmt(r.value),
    r.unit,
    fmt(r.baseline),
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`,
    r.target ?? '',
    r.pass === undefined ? '' : r.pass ? 'pass' : 'MISS',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  return [line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...body.map(line)].join('\n');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A new database on the PostgreSQL server at serverUrl (an old one of the name dropped first), and its drop. */
export async function freshDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh database for one bench process: a new database on the DATABASE_URL server (dropped by drop()),
 * or else an embedded one in a temporary directory (removed by drop()).
 */
export async function benchDatabase(prefix: string): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.DATABASE_URL) return { dataDir, drop: async () => removeDir() };
  const db = await freshDatabase(process.env.DATABASE_URL, `${prefix}_${process.pid}`);
  return {
    dataDir,
    databaseUrl: db.url,
    drop: async () => {
      await db.drop();
      removeDir();
    },
  };
}

/** The web app's build is current when no source is newer than it. */
export function webBuildIsCurrent(): boolean {
  const built = path.join(ROOT, 'web/dist/index.html');
  if (!fs.existsSync(built)) return false;
  const builtAt = fs.statSync(built).mtimeMs;
  const newest = (p: string): number => {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
  };
  return ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'package-lock.json']
    .map((p) => path.join(ROOT, p))
    .filter((p) => fs.existsSync(p))
    .every((p) => newest(p) <= builtAt);
}

/** Debian's Chromium as the bench drives it: headless, no sandbox, none of its own network traffic. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/** A bench section that needs none of run.ts's servers (sections.ts): its table rows and raw figures. */
export interface SectionResult {
  rows: Row[];
  raw: unknown;
}

export interface Section {
  name: string;
  run(quick: boolean, phase: (what: string) => void): Promise<SectionResult>;
}
