import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from './testing/index.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

describe('npm start (server/src/main.ts)', () => {
  it('creates the embedded database in DATA_DIR, loads the portal module, serves, and stops on SIGTERM', async () => {
    const t = tempDir();
    const port = await freePort();
    const { child, output, exited } = run({ PORT: String(port), DATA_DIR: t.dir, LOG_LEVEL: 'info', DATABASE_URL: '' });
    try {
      // Up to a minute: a fresh embedded database starts slowly on a busy machine.
      // JSON lines: stdout is not a terminal.
      const lines = () => output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
      for (let i = 0; i < 1200 && !output().includes('listening'); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(lines().some((l) => l.level === 'info' && l.msg === 'runtime module loaded' && l.module === 'portal'));
      assert.ok(lines().some((l) => l.msg === 'Tribuna server listening' && l.url === `http://127.0.0.1:${port}`), output());
      const res = await fetch(`http://127.0.0.1:${port}/healthcheck`);
      assert.equal(res.status, 200);
      const reqId = res.headers.get('x-request-id');
      assert.ok(fs.existsSync(path.join(t.dir, 'db', 'PG_VERSION')));
      assert.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.ok(lines().some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'));
      // Written asynchronously, and all there once the process has exited.
      assert.ok(lines().some((l) => l.msg === 'request' && l.reqId === reqId && l.route === '/healthcheck' && l.status === 200));
      assert.equal(lines().at(-1)?.msg, 'stopped');
    } finally {
      child.kill('SIGKILL');
      t.remove();
    }
  });

  it('stops at start with a message naming a bad variable', async () => {
    const { output, exited } = run({ PORT: 'not-a-port' });
    assert.equal(await exited, 1);
    assert.match(output(), /Invalid configuration: PORT must be a whole number/);
    const prod = run({ NODE_ENV: 'production', PORT: '0' });
    assert.equal(await prod.exited, 1);
    assert.match(prod.output(), /must be set to a secret value when NODE_ENV=production/);
    const format = run({ LOG_FORMAT: 'xml', PORT: '0' });
    assert.equal(await format.exited, 1);
    assert.match(format.output(), /LOG_FORMAT must be json or pretty/);
  });

  it('stops at start when another process has the embedded database open', async () => {
    const t = tempDir();
    try {
      // This test process stands for the other server: its id is in the lock, and it is alive.
      const lock = path.join(t.dir, 'db.lock');
      fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, host: 'here', purpose: 'server', since: '2030-01-01T00:00:00.000Z' }));
      const { output, exited } = run({ PORT: '0', DATA_DIR: t.dir, DATABASE_URL: '' });
      assert.equal(await exited, 1);
      assert.equal(
        output(),
        `The embedded database in ${t.dir}/db is in use by process ${process.pid} on here (server, since 2030-01-01T00:00:00.000Z). ` +
          `PGlite serves one process at a time: stop that process first. If none runs, remove ${lock}.\n`,
      );
      assert.ok(!fs.existsSync(path.join(t.dir, 'db', 'PG_VERSION')), 'the database was not opened');
    } finally {
      t.remove();
    }
  });
});
