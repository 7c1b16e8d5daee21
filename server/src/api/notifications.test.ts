import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiEvent, RuntimeModule } from '../runtime/types.ts';
import { errorOf, sleep, startTestServer, type TestServer } from '../testing/index.ts';

const events: Array<{ userId?: string; event: ApiEvent }> = [];
const eventModule: RuntimeModule = {
  name: 'event-test',
  init(initializer) {
    initializer.registerEvent((ctx, event) => {
      events.push({ userId: ctx.userId, event });
    });
    initializer.registerEvent(() => {
      throw new Error('a failing handler does not affect the others');
    });
  },
};

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [eventModule] });
});
after(() => ts.close());

describe('notifications', () => {
  it('lists persistent ones oldest first with a cacheable cursor; non-persistent ones are not stored', async () => {
    const s = await ts.newSession();
    for (let i = 1; i <= 5; i++) await ts.app.nk.notificationSend(s.user_id, `n${i}`, { i }, 100 + i, null, true);
    await ts.app.nk.notificationSend(s.user_id, 'live only', {}, 200, null, false);
    const c = ts.client();
    const first = await c.listNotifications(s);
    assert.deepEqual(first.notifications!.map((n) => n.subject), ['n1']);
    const rest = await c.listNotifications(s, 10, first.cacheable_cursor);
    assert.deepEqual(rest.notifications!.map((n) => n.subject), ['n2', 'n3', 'n4', 'n5']);
    assert.deepEqual(rest.notifications![0].content, { i: 2 });
    assert.equal(rest.notifications![0].code, 102);
    // Polling from the last cursor finds only what arrived since.
    const none = await c.listNotifications(s, 10, rest.cacheable_cursor);
    assert.equal(none.notifications!.length, 0);
    assert.equal(none.cacheable_cursor, rest.cacheable_cursor);
    await ts.app.nk.notificationSend(s.user_id, 'n6', {}, 106, null, true);
    const later = await c.listNotifications(s, 10, rest.cacheable_cursor);
    assert.deepEqual(later.notifications!.map((n) => n.subject), ['n6']);
  });

  it('deletes by ids, only the caller\'s own', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    await ts.app.nk.notificationSend(a.user_id, 'mine', {}, 1, null, true);
    const c = ts.client();
    const [n] = (await c.listNotifications(a, 10)).notifications!;
    await c.deleteNotifications(b, [n.id!]);
    assert.equal((await c.listNotifications(a, 10)).notifications!.length, 1);
    await c.deleteNotifications(a, [n.id!, 'not-a-uuid']);
    assert.equal((await c.listNotifications(a, 10)).notifications!.length, 0);
  });

  it('checks limit and cursor', async () => {
    const s = await ts.newSession();
    assert.equal((await errorOf(ts.client().listNotifications(s, 101))).status, 400);
    assert.equal((await errorOf(ts.client().listNotifications(s, 10, 'garbage'))).status, 400);
  });

  it('answers a forged cursor with 400', async () => {
    const s = await ts.newSession();
    await ts.app.nk.notificationSend(s.user_id, 'one', {}, 1, null, true);
    const c = ts.client();
    const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const nil = '00000000-0000-4000-8000-000000000000';
    // A well-formed forgery is read like any cursor.
    assert.equal((await c.listNotifications(s, 10, forge(['2000-01-01T00:00:00.000000', nil]))).notifications!.length, 1);
    for (const cursor of [
      ['garbage', nil], ['2024-13-01T00:00:00.000000', nil], ['2024-02-30T10:00:00.000000', nil],
      ['2024-01-01T24:00:00.000000', nil], ['0000-01-01T00:00:00.000000', nil], ['2024-01-01', nil],
      ['2000-01-01T00:00:00.000000', 'not-a-uuid'], ['2000-01-01T00:00:00.000000'], [1, nil],
    ]) {
      assert.equal((await errorOf(c.listNotifications(s, 10, forge(cursor)))).status, 400, JSON.stringify(cursor));
    }
  });
});

describe('events', () => {
  it('are accepted and handed to every registered handler with the caller', async () => {
    const s = await ts.newSession();
    assert.equal(await ts.client().emitEvent(s, { name: 'page_view', properties: { page: '/teams' }, external: true }), true);
    await sleep(20);
    const e = events.find((x) => x.event.name === 'page_view')!;
    assert.equal(e.userId, s.user_id);
    assert.deepEqual(e.event.properties, { page: '/teams' });
    assert.equal(e.event.external, true);
  });

  it('need a name and string properties', async () => {
    const s = await ts.newSession();
    assert.equal((await errorOf(ts.client().emitEvent(s, { name: '', properties: {} }))).status, 400);
    assert.equal((await errorOf(ts.client().emitEvent(s, { name: 'x', properties: { n: 1 as unknown as string } }))).status, 400);
  });
});
