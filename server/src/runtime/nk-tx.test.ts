// nk.tx: a module changes an account, the wallet, storage and its own table in one transaction, and its
// side effects (a notification, a chat message, its own) go out only after the commit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChannelMessage, Notification } from '@heroiclabs/nakama-js';
import { invalid } from '../errors.ts';
import type { NkTx } from './nk-tx.ts';
import { moduleTestServer } from '../testing/module-test-server.ts';
import type { RuntimeModule } from './types.ts';
import { errorOf, sleep, type TestSession } from '../testing/index.ts';

let afterCommits = 0;
let attempts = 0;

interface Args {
  userId: string;
  name: string;
  key: string;
  channelId: string;
  fail?: 'error' | 'wallet';
  retry?: boolean;
}

const txModule: RuntimeModule = {
  name: 'nk-tx-test',
  async init(initializer, nk) {
    await nk.db.execute('CREATE TABLE IF NOT EXISTS nk_tx_test (id uuid PRIMARY KEY, user_id uuid NOT NULL, note text NOT NULL)');
    initializer.registerRpc('tx_all', async (_ctx, payload) => {
      const a = JSON.parse(payload) as Args;
      attempts = 0;
      return nk.tx(async (tnk) => {
        await tnk.accountUpdateId(a.userId, { displayName: a.name });
        await tnk.walletUpdate(a.userId, { coins: 10 }, { why: 'tx' });
        await tnk.storageWrite([{ collection: 'tx', key: a.key, userId: a.userId, value: { n: 1 } }]);
        await tnk.db.execute('INSERT INTO nk_tx_test (id, user_id, note) VALUES ($1, $2, $3)', [crypto.randomUUID(), a.userId, a.key]);
        await tnk.notificationSend(a.userId, 'Награда', { coins: 10 }, 1, null, true);
        await tnk.channelMessageSend(a.channelId, { text: a.key });
        tnk.afterCommit(() => {
          afterCommits++;
        });
        // A failure in the middle: thrown by the module, or a refusal of the core.
        if (a.fail === 'error') throw invalid('Stopped halfway.');
        if (a.fail === 'wallet') await tnk.walletUpdate(a.userId, { coins: -100 });
        // What the database reports when a concurrent transaction wins: db.tx retries the function.
        if (a.retry && attempts++ === 0) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        return JSON.stringify('committed');
      });
    });
    initializer.registerRpc('tx_rows', async (_ctx, payload) => {
      const rows = await nk.db.query<{ note: string }>('SELECT note FROM nk_tx_test WHERE user_id = $1 ORDER BY note', [JSON.parse(payload).userId]);
      return JSON.stringify(rows.map((r) => r.note));
    });
    initializer.registerRpc('tx_savepoints', async (_ctx, payload) => {
      const { userId } = JSON.parse(payload) as { userId: string };
      await nk.storageWrite([{ collection: 'tx', key: 'taken', userId, value: { n: 0 } }]);
      return nk.tx(async (tnk) => {
        const refused: string[] = [];
        // A refused write, caught: the transaction goes on.
        await tnk.storageWrite([{ collection: 'tx', key: 'taken', userId, value: { n: 1 }, version: '*' }]).catch((e: Error) => refused.push(e.message));
        // A nested transaction is a savepoint: its failure undoes only its own statements.
        await tnk.db.tx(async (q) => {
          await q.execute('INSERT INTO nk_tx_test (id, user_id, note) VALUES ($1, $2, $3)', [crypto.randomUUID(), userId, 'undone']);
          throw new Error('inner');
        }).catch((e: Error) => refused.push(e.message));
        await tnk.db.execute('INSERT INTO nk_tx_test (id, user_id, note) VALUES ($1, $2, $3)', [crypto.randomUUID(), userId, 'kept']);
        return JSON.stringify(refused);
      });
    });
    initializer.registerRpc('tx_leak', async () => {
      let leaked: NkTx | undefined;
      await nk.tx(async (tnk) => {
        leaked = tnk;
      });
      const failures: string[] = [];
      await leaked!.db.query('SELECT 1').catch((e: Error) => failures.push(e.message));
      try {
        leaked!.afterCommit(() => {});
      } catch (e) {
        failures.push((e as Error).message);
      }
      return JSON.stringify(failures);
    });
  },
};

const h = moduleTestServer(txModule);
const { rpc } = h;

const uniq = () => Math.random().toString(36).slice(2, 10);

/** A user with a socket in a room, recording the notifications and chat messages it receives. */
async function watcher() {
  const s = await h.ts.newSession();
  const socket = h.ts.client().createSocket();
  await socket.connect(s, false);
  h.sockets.push(socket);
  const channel = await socket.joinChat(`tx ${uniq()}`, 1, true, false);
  const notifications: Notification[] = [];
  const messages: ChannelMessage[] = [];
  socket.onnotification = (n) => notifications.push(n);
  socket.onchannelmessage = (m) => messages.push(m);
  return { s, channelId: channel.id, notifications, messages };
}

async function state(s: TestSession, key: string, channelId: string) {
  const account = await h.ts.client().getAccount(s);
  const objects = await h.ts.client().readStorageObjects(s, { object_ids: [{ collection: 'tx', key, user_id: s.user_id }] });
  const history = await h.ts.client().listChannelMessages(s, channelId, 10, true);
  return {
    displayName: account.user!.display_name,
    wallet: JSON.parse(account.wallet as unknown as string),
    stored: (objects.objects ?? []).length,
    rows: await rpc('tx_rows', { userId: s.user_id }),
    notifications: (await h.ts.client().listNotifications(s, 10)).notifications?.length ?? 0,
    history: (history.messages ?? []).length,
  };
}

describe('nk.tx', () => {
  it('commits every change together; the notification and the chat message go out after the commit', async () => {
    const w = await watcher();
    const key = `k${uniq()}`;
    const before = afterCommits;
    assert.equal(await rpc('tx_all', { userId: w.s.user_id, name: 'Капитан', key, channelId: w.channelId }), 'committed');
    assert.deepEqual(await state(w.s, key, w.channelId), {
      displayName: 'Капитан', wallet: { coins: 10 }, stored: 1, rows: [key], notifications: 1, history: 1,
    });
    await sleep(100);
    assert.equal(w.notifications.length, 1);
    assert.equal(w.notifications[0].subject, 'Награда');
    assert.equal(w.messages.length, 1);
    assert.deepEqual(w.messages[0].content, { text: key });
    assert.equal(afterCommits, before + 1);
  });

  for (const fail of ['error', 'wallet'] as const) {
    it(`a failure in the middle (${fail === 'error' ? 'thrown by the module' : 'a refused spend'}) rolls everything back and sends nothing`, async () => {
      const w = await watcher();
      const key = `k${uniq()}`;
      const before = afterCommits;
      const e = await errorOf(h.ts.client().rpc(h.operator, 'tx_all', { userId: w.s.user_id, name: 'Капитан', key, channelId: w.channelId, fail }));
      assert.equal(e.status, 400);
      assert.match(String(e.body.message), fail === 'error' ? /Stopped halfway/ : /negative value/);
      assert.deepEqual(await state(w.s, key, w.channelId), {
        displayName: undefined, wallet: {}, stored: 0, rows: [], notifications: 0, history: 0,
      });
      assert.deepEqual((await h.ts.client().getAccount(w.s)).wallet, '{}');
      await sleep(200);
      assert.deepEqual(w.notifications, []);
      assert.deepEqual(w.messages, []);
      assert.equal(afterCommits, before);
    });
  }

  it('a retried transaction sends its side effects once, from the attempt that committed', { skip: !process.env.DATABASE_URL && 'PGlite never retries (one connection)' }, async () => {
    const w = await watcher();
    const key = `k${uniq()}`;
    const before = afterCommits;
    assert.equal(await rpc('tx_all', { userId: w.s.user_id, name: 'Повтор', key, channelId: w.channelId, retry: true }), 'committed');
    assert.equal(attempts, 2);
    assert.deepEqual(await state(w.s, key, w.channelId), {
      displayName: 'Повтор', wallet: { coins: 10 }, stored: 1, rows: [key], notifications: 1, history: 1,
    });
    await sleep(200);
    assert.equal(w.notifications.length, 1);
    assert.equal(w.messages.length, 1);
    assert.equal(afterCommits, before + 1);
  });

  it('a caught refusal or a failed nested transaction leaves the transaction usable', async () => {
    const s = await h.ts.newSession();
    const refused = await rpc('tx_savepoints', { userId: s.user_id });
    assert.deepEqual(refused, ['Storage write rejected - version check failed.', 'inner']);
    assert.deepEqual(await rpc('tx_rows', { userId: s.user_id }), ['kept']);
  });

  it('refuses use of tnk once its function has returned', async () => {
    const failures = await rpc('tx_leak', {});
    assert.equal(failures.length, 2);
    for (const f of failures) assert.match(f, /has ended/);
  });
});
