// The read marker of notifications: registered users only, each their own; ids added (the newest kept),
// the time moved forward only, in whole seconds and never past the current second; bad input refused.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, startPortal, type Portal } from '../testing.ts';
import { READ_IDS_KEPT } from './store.ts';

let P: Portal;
let alice: Session;
let bob: Session;

const state = (s: Session) => P.call(s, 'get_notification_state', {});
const mark = (s: Session, input: object) => P.call(s, 'mark_notifications_read', input);
const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());

before(async () => {
  P = await startPortal();
  [alice, bob] = await Promise.all([P.registered(), P.registered()]);
});
after(() => P.close());

describe('notification state', () => {
  it('starts with nothing read', async () => {
    assert.deepEqual(await state(alice), { read_ids: [] });
  });

  it('adds ids read one by one, each once, the latest marked last', async () => {
    const [a, b, c] = ids(3);
    assert.deepEqual(await mark(alice, { ids: [a, b, a] }), { read_ids: [a, b] });
    assert.deepEqual(await mark(alice, { ids: [c.toUpperCase(), a] }), { read_ids: [b, c, a] });
    assert.deepEqual(await state(alice), { read_ids: [b, c, a] });
  });

  it(`keeps the newest ${READ_IDS_KEPT} ids marked`, async () => {
    const s = await P.registered();
    const all = ids(READ_IDS_KEPT + 50);
    for (let i = 0; i < all.length; i += 100) await mark(s, { ids: all.slice(i, i + 100) });
    assert.deepEqual((await state(s)).read_ids, all.slice(-READ_IDS_KEPT));
  });

  it('moves the time forward only, in whole seconds, never past the current second', async () => {
    const s = await P.registered();
    const second = Math.floor(Date.now() / 1000) * 1000;
    const earlier = new Date(second - 60_000);
    assert.deepEqual(await mark(s, { before: new Date(earlier.getTime() + 900).toISOString() }), { read_before: earlier.toISOString(), read_ids: [] });
    // Back in time: nothing changes. An id alone leaves the time as it is.
    assert.equal((await mark(s, { before: new Date(second - 120_000).toISOString() })).read_before, earlier.toISOString());
    const [a] = ids(1);
    assert.deepEqual(await mark(s, { ids: [a] }), { read_before: earlier.toISOString(), read_ids: [a] });
    // In the future: the current second at most, as notifications still to come in it are not read.
    const future = await mark(s, { before: '2999-01-01T00:00:00+03:00' });
    const at = Date.parse(future.read_before);
    assert.ok(at >= second && at <= Math.floor(Date.now() / 1000) * 1000, future.read_before);
    assert.equal(at % 1000, 0);
    assert.deepEqual(future.read_ids, [a]);
  });

  it('is the caller’s own: another user’s marks and a user_id in the payload change nothing of it', async () => {
    const [a, b] = ids(2);
    const s = await P.registered();
    await mark(s, { ids: [a] });
    await mark(bob, { ids: [b], before: new Date().toISOString(), user_id: s.user_id });
    assert.deepEqual(await state(s), { read_ids: [a] });
    assert.deepEqual((await state(bob)).read_ids, [b]);
  });
});

describe('refusals', () => {
  it('answers guests 7 and visitors 16', async () => {
    const guest = await P.guest();
    await failsWithCode(state(guest), Code.Denied);
    await failsWithCode(mark(guest, { ids: ids(1) }), Code.Denied);
    const res = await fetch(`${P.ts.url}/v2/rpc/get_notification_state`, { method: 'POST', body: '"{}"' });
    assert.equal(res.status, 401);
  });

  it('refuses bad input in Russian', async () => {
    const nothing = 'Укажите, какие уведомления отметить прочитанными.';
    await failsWithCode(mark(alice, {}), Code.Invalid, nothing);
    await failsWithCode(mark(alice, { ids: [] }), Code.Invalid, nothing);
    await failsWithCode(mark(alice, { ids: ['n1'] }), Code.Invalid, 'Список идентификаторов: ожидался идентификатор (UUID).');
    await failsWithCode(mark(alice, { ids: ids(101) }), Code.Invalid, /^Список идентификаторов: /);
    await failsWithCode(mark(alice, { ids: 'all' }), Code.Invalid, /^Список идентификаторов: /);
    await failsWithCode(mark(alice, { before: 'вчера' }), Code.Invalid, /^Прочитано до: /);
    await failsWithCode(mark(alice, { before: '2026-02-30T10:00:00Z' }), Code.Invalid, /^Прочитано до: /);
    assert.deepEqual((await state(alice)).read_ids.length, 3);
  });
});
