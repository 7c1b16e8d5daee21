import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it, mock } from 'node:test';
import { Client, Session } from '@heroiclabs/nakama-js';
import WebSocket from 'ws';
import { createApp } from '../app.ts';
import { createLogger } from '../log.ts';
import { openPglite } from './pglite.ts';
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
  it('forces each commit to disk (fsync of the WAL), as PostgreSQL does, so a power loss keeps what was committed', async () => {
    const t = tempDir();
    const pg = await openPglite(`${t.dir}/db`);
    const fsync = mock.method(fs, 'fsyncSync');
    try {
      assert.deepEqual((await pg.query('SHOW fsync')).rows, [{ fsync: 'on' }]);
      await pg.exec('CREATE TABLE kept (n int)');
      fsync.mock.resetCalls();
      await pg.query('SELECT 1');
      assert.equal(fsync.mock.callCount(), 0, 'a read forces nothing');
      await pg.query('INSERT INTO kept VALUES (1)');
      assert.ok(fsync.mock.callCount() >= 1, 'the commit was forced to disk');
      fsync.mock.resetCalls();
      await pg.query('CHECKPOINT');
      assert.ok(fsync.mock.callCount() >= 1, 'a checkpoint forces the data files');
    } finally {
      fsync.mock.restore();
      await pg.close();
      t.remove();
    }
  });
});
