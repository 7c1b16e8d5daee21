// The bell's notifications: listed newest first by cursor with what the caller's marker makes of each, the
// shown kinds only, an unread count that stops at its cap; the marker: registered users only, each their
// own; ids added (the newest kept), the time moved forward only, in whole seconds and never past the
// current second; bad input refused.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { allPages, Code, fails, failsWithCode, startPortal, type Portal } from '../testing.ts';
import { UNREAD_COUNT_CAP } from './rpc.ts';
import { READ_IDS_KEPT } from './store.ts';

let P: Portal;
let alice: Session;
let bob: Session;

const list = (s: Session, input: object = {}) => P.call(s, 'list_notifications', input);
const mark = (s: Session, input: object) => P.call(s, 'mark_notifications_read', input);
const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());

/** A whole second an hour ago, and times after it. */
const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const at = (ms: number) => new Date(base + ms);

/** Stores notifications of a user straight into the game server's table; answers their ids in that order. */
async function store(userId: string | undefined, rows: Array<{ t: Date; code?: number; sender?: string }>): Promise<string[]> {
  const out = ids(rows.length);
  await P.ts.app.core.db.execute(
    `INSERT INTO notification (id, user_id, subject, content, code, sender_id, create_time)
     SELECT id, $2, 'Уведомление ' || code, jsonb_build_object('link', '/n/' || id), code, sender, t
     FROM unnest($1::uuid[], $3::int[], $4::uuid[], $5::timestamptz[]) AS r(id, code, sender, t)`,
    [out, userId, rows.map((r) => r.code ?? 105), rows.map((r) => r.sender ?? null), rows.map((r) => r.t)],
  );
  return out;
}

before(async () => {
  P = await startPortal();
  [alice, bob] = await Promise.all([P.registered(), P.registered()]);
});
after(() => P.close());

describe('list_notifications', () => {
  it('starts empty', async () => {
    assert.deepEqual(await list(await P.registered()), { notifications: [], unread_count: 0 });
  });

  it('lists the shown kinds newest first, page by page, each read or not by the caller’s marker', async () => {
    const s = await P.registered();
    // A direct chat opened (-1) and a group joined (-4) are the chat's: neither listed nor counted.
    const [t1, dm, f1, t2, g, f2, t3] = await store(s.user_id, [
      { t: at(0) }, { t: at(1000), code: -1 }, { t: at(2000), code: -2, sender: bob.user_id }, { t: at(3000), code: 106 },
      { t: at(4000), code: -4 }, { t: at(5000), code: -3, sender: bob.user_id }, { t: at(5000), code: 107 },
    ]);
    assert.ok(dm && g);
    // t1 is before the marker's time, f2 read by id.
    await mark(s, { before: at(1000).toISOString(), ids: [f2] });
    const first = await list(s, { limit: 2 });
    assert.equal(first.unread_count, 3);
    assert.ok(first.cursor);
    const all = await allPages((cursor) => list(s, { limit: 2, cursor }), 'notifications', 2);
    const newest = [f2, t3].sort().reverse();
    assert.deepEqual(all.map((n) => n.id), [...newest, t2, f1, t1]);
    assert.deepEqual(
      all.map((n) => [n.id, n.code, n.read]),
      [...newest.map((id) => (id === f2 ? [f2, -3, true] : [t3, 107, false])), [t2, 106, false], [f1, -2, false], [t1, 105, true]],
    );
    const friend = all.find((n) => n.id === f1);
    assert.deepEqual(friend, {
      id: f1, code: -2, subject: 'Уведомление -2', content: { link: `/n/${f1}` }, sender_id: bob.user_id, create_time: at(2000).toISOString(), read: false,
    });
    assert.equal('sender_id' in all.find((n) => n.id === t1), false);
  });

  it('reads the marker’s time in whole seconds: a notification later in that second is unread', async () => {
    const s = await P.registered();
    const [early, late] = await store(s.user_id, [{ t: at(9_999) }, { t: at(10_500) }]);
    const answer = await mark(s, { before: at(10_900).toISOString() });
    assert.equal(answer.read_before, at(10_000).toISOString());
    assert.equal(answer.unread_count, 1);
    const page = await list(s);
    assert.deepEqual(page.notifications.map((n: { id: string; read: boolean }) => [n.id, n.read]), [[late, false], [early, true]]);
    assert.equal(page.unread_count, 1);
  });

  it(`counts the unread up to ${UNREAD_COUNT_CAP}, the ids read one by one aside`, async () => {
    const s = await P.registered();
    const all = await store(s.user_id, Array.from({ length: UNREAD_COUNT_CAP + 30 }, (_, i) => ({ t: at(i * 1000) })));
    assert.equal((await list(s, { limit: 1 })).unread_count, UNREAD_COUNT_CAP);
    // 40 read by time, 5 of the rest by id: 85 left.
    let answer = await mark(s, { before: at(40_000).toISOString(), ids: all.slice(100, 105) });
    assert.equal(answer.unread_count, 85);
    assert.equal((await list(s, { limit: 1 })).unread_count, 85);
    answer = await mark(s, { before: at(200_000).toISOString() });
    assert.equal(answer.unread_count, 0);
    const page = await list(s, { limit: 50 });
    assert.equal(page.unread_count, 0);
    assert.ok(page.notifications.every((n: { read: boolean }) => n.read));
    // Someone else's notifications are never listed.
    assert.equal((await list(alice, { limit: 50 })).notifications.some((n: { id: string }) => all.includes(n.id)), false);
  });

  it('refuses bad input in Russian', async () => {
    await fails(list(alice, { limit: 0 }), 400, /^Размер страницы: /);
    await fails(list(alice, { limit: 51 }), 400, /^Размер страницы: /);
    await fails(list(alice, { cursor: 'garbage' }), 400, 'Страница списка: курсор недействителен.');
    const forged = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000', crypto.randomUUID()])).toString('base64url');
    await fails(list(alice, { cursor: forged }), 400, 'Страница списка: курсор недействителен.');
  });
});

describe('mark_notifications_read', () => {
  it('adds ids read one by one, each once, the latest marked last', async () => {
    const [a, b, c] = ids(3);
    assert.deepEqual(await mark(alice, { ids: [a, b, a] }), { read_ids: [a, b], unread_count: 0 });
    assert.deepEqual(await mark(alice, { ids: [c.toUpperCase(), a] }), { read_ids: [b, c, a], unread_count: 0 });
  });

  it(`keeps the newest ${READ_IDS_KEPT} ids marked`, async () => {
    const s = await P.registered();
    const all = ids(READ_IDS_KEPT + 50);
    let answer;
    for (let i = 0; i < all.length; i += 100) answer = await mark(s, { ids: all.slice(i, i + 100) });
    assert.deepEqual(answer.read_ids, all.slice(-READ_IDS_KEPT));
  });

  it('moves the time forward only, in whole seconds, never past the current second', async () => {
    const s = await P.registered();
    const second = Math.floor(Date.now() / 1000) * 1000;
    const earlier = new Date(second - 60_000);
    assert.deepEqual(await mark(s, { before: new Date(earlier.getTime() + 900).toISOString() }), {
      read_before: earlier.toISOString(), read_ids: [], unread_count: 0,
    });
    // Back in time: nothing changes. An id alone leaves the time as it is.
    assert.equal((await mark(s, { before: new Date(second - 120_000).toISOString() })).read_before, earlier.toISOString());
    const [a] = ids(1);
    assert.deepEqual(await mark(s, { ids: [a] }), { read_before: earlier.toISOString(), read_ids: [a], unread_count: 0 });
    // In the future: the current second at most, as notifications still to come in it are not read.
    const future = await mark(s, { before: '2999-01-01T00:00:00+03:00' });
    const time = Date.parse(future.read_before);
    assert.ok(time >= second && time <= Math.floor(Date.now() / 1000) * 1000, future.read_before);
    assert.equal(time % 1000, 0);
    assert.deepEqual(future.read_ids, [a]);
  });

  it('is the caller’s own: another user’s marks and a user_id in the payload change nothing of it', async () => {
    const s = await P.registered();
    const [mine] = await store(s.user_id, [{ t: at(0) }]);
    await mark(bob, { ids: [mine], before: new Date().toISOString(), user_id: s.user_id });
    const page = await list(s);
    assert.deepEqual([page.notifications[0].read, page.unread_count], [false, 1]);
    await list(bob, { user_id: s.user_id }).then((p) => assert.equal(p.notifications.some((n: { id: string }) => n.id === mine), false));
  });
});

describe('refusals', () => {
  it('answers guests 7 and visitors 16', async () => {
    const guest = await P.guest();
    await failsWithCode(list(guest), Code.Denied);
    await failsWithCode(mark(guest, { ids: ids(1) }), Code.Denied);
    for (const id of ['list_notifications', 'mark_notifications_read']) {
      const res = await fetch(`${P.ts.url}/v2/rpc/${id}`, { method: 'POST', body: '"{}"' });
      assert.equal(res.status, 401);
    }
  });

  it('refuses bad marks in Russian', async () => {
    const nothing = 'Укажите, какие уведомления отметить прочитанными.';
    await failsWithCode(mark(alice, {}), Code.Invalid, nothing);
    await failsWithCode(mark(alice, { ids: [] }), Code.Invalid, nothing);
    await failsWithCode(mark(alice, { ids: ['n1'] }), Code.Invalid, 'Список идентификаторов: ожидался идентификатор (UUID).');
    await failsWithCode(mark(alice, { ids: ids(101) }), Code.Invalid, /^Список идентификаторов: /);
    await failsWithCode(mark(alice, { ids: 'all' }), Code.Invalid, /^Список идентификаторов: /);
    await failsWithCode(mark(alice, { before: 'вчера' }), Code.Invalid, /^Прочитано до: /);
    await failsWithCode(mark(alice, { before: '2026-02-30T10:00:00Z' }), Code.Invalid, /^Прочитано до: /);
  });
});
