// "Log out everywhere" survives a restart: the session floor is stored and restored by Sessions.load.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import WebSocket from 'ws';
import { Session } from '@heroiclabs/nakama-js';
import type { Db } from '../db/index.ts';
import { errorOf, freshDb, startTestServer, type TestServer } from '../testing/index.ts';

/** The status of a socket upgrade with this token: 101 when accepted. */
function upgradeStatus(ts: TestServer, token: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${token}`);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', () => {});
  });
}

describe('log out everywhere across a restart', () => {
  it('keeps refusing the tokens issued before it, on REST and the socket, and accepts later ones', async () => {
    const fresh = await freshDb();
    // Both servers share the database; closing the first must not close it.
    const db: Db = { ...fresh.db, close: async () => {} };
    let ts = await startTestServer({ db });
    try {
      const client = ts.client();
      const device = `device-${crypto.randomUUID()}`;
      const a = await client.authenticateDevice(device, true);
      const b = await client.authenticateDevice(device, true);
      assert.equal(await client.sessionLogout(a, '', ''), true);
      assert.equal((await errorOf(client.getAccount(Session.restore(b.token, '')))).status, 401);
      const later = await client.authenticateDevice(device, true);
      await ts.close();

      ts = await startTestServer({ db });
      const restarted = ts.client();
      for (const old of [a, b]) {
        assert.equal((await errorOf(restarted.getAccount(Session.restore(old.token, '')))).status, 401);
        assert.equal((await errorOf(restarted.sessionRefresh(Session.restore(old.token, old.refresh_token)))).status, 401);
        assert.equal(await upgradeStatus(ts, old.token), 401);
      }
      // The session made after the logout, and new ones, still work.
      assert.equal((await restarted.getAccount(Session.restore(later.token, ''))).user!.id, a.user_id);
      assert.equal(await upgradeStatus(ts, later.token), 101);
      const again = await restarted.authenticateDevice(device, false);
      assert.equal((await restarted.getAccount(again)).user!.id, a.user_id);
    } finally {
      await ts.close();
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
