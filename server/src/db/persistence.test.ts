import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it, mock } from 'node:test';
import { Client, Session } from '@heroiclabs/nakama-js';
import WebSocket from 'ws';
import { createApp } from '../app.ts';
import { createLogger } from '../log.ts';
import { openPglite, pgliteDb } from './pglite.ts';
import { errorOf, freshPostgres, tempDir, testConfig } from '../testing/index.ts';

// A real restart: the server opens its database from configuration, as npm start does.
async function restartScenario(env: Record<string, string>): Promise<void> {
  const config = testConfig(env);
  const logger = createLogger('silent');
  let app = await createApp(config, { logger });
  let port = await app.listen();
  let client = new Client('defaultkey', '127.0.0.1', String(port));
  const device = `device-${crypto.randomUUID()}`;
  const s = await client.authenticateDevice(device, true, `persist_${Date.now()}`);
  await client.updateAccount(s, { display_name: 'Сохранённый' });
  const revoked = await client.authenticateDevice(device, true);
  await client.sessionLogout(revoked, revoked.token, revoked.refresh_token);
  await app.close();

  app = await createApp(config, { logger });
  port = await app.listen();
  client = new Client('defaultkey', '127.0.0.1', String(port));
  try {
    const again = await client.authenticateDevice(device, false);
    assert.equal(again.user_id, s.user_id);
    assert.equal((await client.getAccount(again)).user!.display_name, 'Сохранённый');
    // The token from before the restart still works; the revoked one is still refused.
    assert.equal((await client.getAccount(Session.restore(s.token, ''))).user!.id, s.user_id);
    assert.equal((await errorOf(client.getAccount(Session.restore(revoked.token, '')))).status, 401);
    assert.equal((await errorOf(client.sessionRefresh(revoked))).status, 401);
    // The socket refuses it too, before the upgrade.
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${revoked.token}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
    });
    assert.equal(refused, 401);
  } finally {
    await app.close();
  }
}

describe('data survives a restart', () => {
  it('in the embedded database, created and migrated in DATA_DIR on first start', async () => {
    const t = tempDir();
    try {
      await restartScenario({ DATA_DIR: t.dir });
    } finally {
      t.remove();
    }
  });

  it('on a PostgreSQL server (DATABASE_URL)', { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' }, async () => {
    const created = await freshPostgres(process.env.DATABASE_URL!);
    try {
      await restartScenario({ DATABASE_URL: created.url });
    } finally {
      await created.drop();
    }
  });
});

describe('the embedded database on disk', () => {
  /** The file an open descriptor names (Linux). */
  const pathOf = (fd: number) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return '(closed)';
    }
  };
  const kindOf = (fd: number) => (pathOf(fd).includes('/pg_wal/') ? 'wal' : 'data');

  it('forces each commit to disk (fsync of the WAL) before answering it, off the event loop, so a power loss keeps what was acknowledged', async () => {
    const t = tempDir();
    const pg = await openPglite(`${t.dir}/db`);
    const db = pgliteDb(pg);
    const events: string[] = [];
    const answered = () => events.push('answered');
    const fsyncAsync = fs.fsync;
    const forced = mock.method(fs, 'fsync', (fd: number, cb: (err: NodeJS.ErrnoException | null) => void) =>
      fsyncAsync(fd, (err) => {
        events.push(`fsync ${kindOf(fd)}`);
        cb(err);
      }));
    const forcedSync = mock.method(fs, 'fsyncSync');
    try {
      assert.deepEqual(await db.query('SHOW fsync'), [{ fsync: 'on' }]);
      await db.script('CREATE TABLE kept (n int)');
      events.length = 0;
      forcedSync.mock.resetCalls();
      await db.query('SELECT 1');
      assert.deepEqual(events, [], 'a read forces nothing');
      await db.execute('INSERT INTO kept VALUES (1)');
      answered();
      assert.deepEqual(events, ['fsync wal', 'answered'], 'the commit is on disk before its answer');
      assert.equal(forcedSync.mock.callCount(), 0, 'nothing was forced on the event loop');

      // Commits that finish together share a flush, and each is on disk before its answer.
      events.length = 0;
      await Promise.all(Array.from({ length: 20 }, (_, i) => db.tx(async (q) => {
        await q.execute('INSERT INTO kept VALUES ($1)', [i]);
      }).then(answered)));
      const flushes = events.filter((e) => e === 'fsync wal').length;
      assert.ok(flushes >= 1 && flushes < 20, `${flushes} flushes for 20 commits`);
      assert.equal(events[0], 'fsync wal');
      assert.equal((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kept'))[0].n, 21);

      forcedSync.mock.resetCalls();
      await db.execute('CHECKPOINT');
      assert.ok(forcedSync.mock.callCount() >= 1, 'a checkpoint forces the data files');
    } finally {
      forced.mock.restore();
      forcedSync.mock.restore();
      await pg.close();
      t.remove();
    }
  });

  it('forces the WAL before any data file is written or forced, even while its flush is still due', async () => {
    const t = tempDir();
    const pg = await openPglite(`${t.dir}/db`);
    const events: string[] = [];
    try {
      await pg.exec('CREATE TABLE kept (n int)');
      // The commit's WAL is only marked (nobody waits for it here), then a checkpoint writes the data files.
      await pg.query('INSERT INTO kept SELECT generate_series(1, 1000)');
      const { writeSync, fsyncSync } = fs;
      const write = mock.method(fs, 'writeSync', (fd: number, ...rest: unknown[]) => {
        events.push(`write ${kindOf(fd)}`);
        return (writeSync as (...a: unknown[]) => number)(fd, ...rest);
      });
      const sync = mock.method(fs, 'fsyncSync', (fd: number) => {
        events.push(`fsyncSync ${kindOf(fd)}`);
        fsyncSync(fd);
      });
      try {
        await pg.query('CHECKPOINT');
      } finally {
        write.mock.restore();
        sync.mock.restore();
      }
      const firstData = events.findIndex((e) => e === 'write data' || e === 'fsyncSync data');
      assert.ok(firstData > 0, events.join(', '));
      assert.ok(events.slice(0, firstData).includes('fsyncSync wal'), `the WAL first: ${events.slice(0, firstData + 1).join(', ')}`);
    } finally {
      await pg.close();
      t.remove();
    }
  });
});
