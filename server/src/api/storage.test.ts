import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { WriteStorageObject } from '@heroiclabs/nakama-js';
import { AppError } from '../errors.ts';
import { storageListQuery } from '../core/storage.ts';
import { errorOf, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

const SYSTEM = '00000000-0000-0000-0000-000000000000';
const VERSION_FAILED = 'Storage write rejected - version check failed.';
const PERMISSION_DENIED = 'Storage write rejected - permission denied.';
const DELETE_REJECTED = 'Storage delete rejected - not found, version check failed, or permission denied.';
const md5 = (v: unknown) => crypto.createHash('md5').update(JSON.stringify(v)).digest('hex');
const coll = () => `c_${crypto.randomUUID().slice(0, 8)}`;

const write = (s: TestSession, objects: WriteStorageObject[]) => ts.client().writeStorageObjects(s, objects);
const read = async (s: TestSession, ids: { collection: string; key: string; user_id?: string }[]) =>
  (await ts.client().readStorageObjects(s, { object_ids: ids })).objects;
const del = (s: TestSession, ids: { collection: string; key: string; version?: string }[]) =>
  ts.client().deleteStorageObjects(s, { object_ids: ids });

async function rejects(p: Promise<unknown>, status: number, message?: string) {
  const e = await errorOf(p);
  assert.equal(e.status, status, JSON.stringify(e.body));
  if (message !== undefined) assert.equal(e.body.message, message);
  return e;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function raw(s: TestSession, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${ts.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Every page of a listing, as "key/owner" strings, and the number of pages. */
async function pages(s: TestSession, collection: string, userId: string | undefined, limit: number, names: Record<string, string>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  let count = 0;
  do {
    const r = await ts.client().listStorageObjects(s, collection, userId, limit, cursor);
    assert.ok(r.objects.length <= limit);
    seen.push(...r.objects.map((o) => `${o.key}/${names[o.user_id!]}`));
    cursor = r.cursor;
    count++;
  } while (cursor);
  return { seen, count };
}

describe('storage', () => {
  it('write, read, update and delete through the client; versions are the MD5 of the value', async () => {
    const s = await ts.newSession();
    const c = coll();
    const value = { hello: 'мир', n: [1, 2, { deep: true }] };
    const acks = await write(s, [{ collection: c, key: 'k', value }]);
    assert.equal(acks.acks!.length, 1);
    const ack = acks.acks![0];
    assert.deepEqual({ ...ack, create_time: undefined, update_time: undefined }, {
      collection: c, key: 'k', version: md5(value), user_id: s.user_id, create_time: undefined, update_time: undefined,
    });
    assert.match(ack.create_time!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const [o] = await read(s, [{ collection: c, key: 'k', user_id: s.user_id }]);
    assert.deepEqual(o.value, value);
    assert.equal(o.permission_read, 1);
    assert.equal(o.permission_write, 1);
    assert.equal(o.version, md5(value));
    assert.equal(o.user_id, s.user_id);

    // Zero permissions are omitted on the wire, as protojson does.
    await write(s, [{ collection: c, key: 'k', value: { v: 2 }, permission_read: 2, permission_write: 0 }]);
    const body = (await raw(s, 'POST', '/v2/storage', { object_ids: [{ collection: c, key: 'k', user_id: s.user_id }] })).body;
    assert.equal(body.objects[0].permission_read, 2);
    assert.equal(Object.hasOwn(body.objects[0], 'permission_write'), false);
    assert.equal(typeof body.objects[0].value, 'string');

    await write(s, [{ collection: c, key: 'gone', value: {} }]);
    assert.equal(await del(s, [{ collection: c, key: 'gone' }]), true);
    assert.deepEqual(await read(s, [{ collection: c, key: 'gone', user_id: s.user_id }]), []);
    // Nothing asked, nothing found: an empty message.
    assert.deepEqual((await raw(s, 'POST', '/v2/storage', { object_ids: [] })).body, {});
    assert.deepEqual((await raw(s, 'PUT', '/v2/storage', { objects: [] })).body, {});
  });

  it('read: missing objects are absent, duplicates collapse, results keep request order', async () => {
    const s = await ts.newSession();
    const c = coll();
    await write(s, [{ collection: c, key: 'a', value: { a: 1 } }, { collection: c, key: 'b', value: { b: 1 } }]);
    const got = await read(s, [
      { collection: c, key: 'b', user_id: s.user_id },
      { collection: c, key: 'missing', user_id: s.user_id },
      { collection: c, key: 'a', user_id: s.user_id },
      { collection: c, key: 'b', user_id: s.user_id },
    ]);
    assert.deepEqual(got.map((o) => o.key), ['b', 'a']);
    await rejects(read(s, [{ collection: c, key: 'a', user_id: 'nope' }]), 400, 'Invalid user ID - make sure user ID is a valid UUID.');
    await rejects(read(s, [{ collection: '', key: 'a', user_id: s.user_id }]), 400, 'Collection must be set.');
  });

  it('permissions: others read only public objects and cannot overwrite or delete them', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const c = coll();
    await write(a, [
      { collection: c, key: 'private', value: { p: 1 }, permission_read: 1 },
      { collection: c, key: 'public', value: { p: 2 }, permission_read: 2 },
      { collection: c, key: 'hidden', value: { p: 0 }, permission_read: 0 },
    ]);
    const ids = ['private', 'public', 'hidden'].map((key) => ({ collection: c, key, user_id: a.user_id }));
    assert.deepEqual((await read(b, ids)).map((o) => o.key), ['public']);
    // Read 0 is for the server only, even for the owner (upstream).
    assert.deepEqual((await read(a, ids)).map((o) => o.key), ['private', 'public']);

    // A write by b always targets b's own object; a's stays as it was.
    const [ack] = (await write(b, [{ collection: c, key: 'public', value: { mine: true } }])).acks!;
    assert.equal(ack.user_id, b.user_id);
    assert.deepEqual((await read(b, [ids[1]]))[0].value, { p: 2 });
    await rejects(del(b, [{ collection: c, key: 'private' }]), 400, DELETE_REJECTED);
    assert.equal((await read(a, [ids[0]])).length, 1);
  });

  it('permissions: objects with write 0 cannot be overwritten or deleted by their owner', async () => {
    const s = await ts.newSession();
    const c = coll();
    const value = { locked: true };
    await write(s, [{ collection: c, key: 'k', value, permission_write: 0 }]);
    await rejects(write(s, [{ collection: c, key: 'k', value: { x: 1 } }]), 400, PERMISSION_DENIED);
    await rejects(write(s, [{ collection: c, key: 'k', value: { x: 1 }, version: md5(value) }]), 400, PERMISSION_DENIED);
    await rejects(write(s, [{ collection: c, key: 'k', value: { x: 1 }, version: '*' }]), 400, VERSION_FAILED);
    await rejects(del(s, [{ collection: c, key: 'k' }]), 400, DELETE_REJECTED);
    const [o] = await read(s, [{ collection: c, key: 'k', user_id: s.user_id }]);
    assert.deepEqual(o.value, value);
    assert.equal(o.permission_write, 0);
  });

  it('versions: "" always, "*" only when absent, a hash only when it matches; delete checks it too', async () => {
    const s = await ts.newSession();
    const c = coll();
    const v1 = { n: 1 };
    const v2 = { n: 2 };
    await write(s, [{ collection: c, key: 'k', value: v1, version: '*' }]);
    await rejects(write(s, [{ collection: c, key: 'k', value: v2, version: '*' }]), 400, VERSION_FAILED);
    await rejects(write(s, [{ collection: c, key: 'k', value: v2, version: md5(v2) }]), 400, VERSION_FAILED);
    await rejects(write(s, [{ collection: c, key: 'k', value: v2, version: 'not-a-hash' }]), 400, VERSION_FAILED);
    await rejects(write(s, [{ collection: c, key: 'new', value: v2, version: md5(v2) }]), 400, VERSION_FAILED);
    const [ack] = (await write(s, [{ collection: c, key: 'k', value: v2, version: md5(v1) }])).acks!;
    assert.equal(ack.version, md5(v2));
    await rejects(write(s, [{ collection: c, key: 'k', value: { n: 3 }, version: md5(v1) }]), 400, VERSION_FAILED);
    await write(s, [{ collection: c, key: 'k', value: { n: 4 }, version: '' }]);
    assert.deepEqual((await read(s, [{ collection: c, key: 'k', user_id: s.user_id }]))[0].value, { n: 4 });

    await rejects(del(s, [{ collection: c, key: 'k', version: md5(v2) }]), 400, DELETE_REJECTED);
    await del(s, [{ collection: c, key: 'k', version: md5({ n: 4 }) }]);
    assert.deepEqual(await read(s, [{ collection: c, key: 'k', user_id: s.user_id }]), []);
  });

  it('batches are atomic: one rejected object writes or deletes nothing', async () => {
    const s = await ts.newSession();
    const c = coll();
    await write(s, [{ collection: c, key: 'existing', value: { v: 1 } }]);
    await rejects(write(s, [
      { collection: c, key: 'fresh', value: { v: 1 } },
      { collection: c, key: 'existing', value: { v: 2 } },
      { collection: c, key: 'existing2', value: { v: 2 }, version: 'f'.repeat(32) },
    ]), 400, VERSION_FAILED);
    await rejects(write(s, [{ collection: c, key: 'fresh', value: { v: 1 } }, { collection: c, key: 'bad', value: [1] }]), 400);
    const ids = ['fresh', 'existing', 'bad'].map((key) => ({ collection: c, key, user_id: s.user_id }));
    assert.deepEqual((await read(s, ids)).map((o) => [o.key, o.value]), [['existing', { v: 1 }]]);
    await rejects(del(s, [{ collection: c, key: 'existing' }, { collection: c, key: 'missing' }]), 400, DELETE_REJECTED);
    assert.equal((await read(s, ids)).length, 1);
  });

  it('concurrent writers with the same expected version: exactly one wins', async () => {
    const s = await ts.newSession();
    const c = coll();
    const v0 = { n: 0 };
    await write(s, [{ collection: c, key: 'k', value: v0 }]);
    const tries = Array.from({ length: 8 }, (_, i) => write(s, [{ collection: c, key: 'k', value: { n: i + 1 }, version: md5(v0) }]));
    const results = await Promise.allSettled(tries);
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    const inserts = Array.from({ length: 8 }, (_, i) => write(s, [{ collection: c, key: 'new', value: { i }, version: '*' }]));
    assert.equal((await Promise.allSettled(inserts)).filter((r) => r.status === 'fulfilled').length, 1);
  });

  it('list: own, another user\'s public and all public objects, paged by cursor in key order', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const names = { [a.user_id]: 'a', [b.user_id]: 'b' };
    const c = coll();
    await write(a, ['k1', 'k2', 'k3', 'k4', 'k5'].map((key, i) => ({ collection: c, key, value: { i }, permission_read: i % 3 === 0 ? 1 : 2 })));
    await write(a, [{ collection: c, key: 'k0', value: {}, permission_read: 0 }]);
    await write(b, [{ collection: c, key: 'k2', value: {}, permission_read: 2 }, { collection: c, key: 'k3', value: {}, permission_read: 1 }]);

    assert.deepEqual(await pages(a, c, a.user_id, 2, names), { seen: ['k1/a', 'k2/a', 'k3/a', 'k4/a', 'k5/a'], count: 3 });
    assert.deepEqual(await pages(b, c, a.user_id, 1, names), { seen: ['k2/a', 'k3/a', 'k5/a'], count: 3 });
    // Equal keys are ordered by owner id.
    const k2 = [a.user_id, b.user_id].sort().map((id) => `k2/${names[id]}`);
    assert.deepEqual(await pages(b, c, undefined, 2, names), { seen: [...k2, 'k3/a', 'k5/a'], count: 2 });
    assert.deepEqual((await pages(a, c, undefined, 3, names)).seen, [...k2, 'k3/a', 'k5/a']);

    // The path variant, and the default limit of 1.
    const r = await raw(b, 'GET', `/v2/storage/${c}/${a.user_id}?limit=2`);
    assert.deepEqual(r.body.objects.map((o: { key: string }) => o.key), ['k2', 'k3']);
    const one = await ts.client().listStorageObjects(a, c, a.user_id);
    assert.equal(one.objects.length, 1);
    assert.ok(one.cursor);
    const empty = await raw(a, 'GET', `/v2/storage/${coll()}?user_id=${a.user_id}`);
    assert.deepEqual(empty.body, {});
  });

  it('list: limit 1-100, a valid user id and cursor, else 400', async () => {
    const s = await ts.newSession();
    const c = coll();
    await write(s, [{ collection: c, key: 'k', value: {} }]);
    const msg = 'Invalid limit - limit must be between 1 and 100.';
    await rejects(ts.client().listStorageObjects(s, c, s.user_id, 0), 400, msg);
    await rejects(ts.client().listStorageObjects(s, c, s.user_id, 101), 400, msg);
    assert.equal((await ts.client().listStorageObjects(s, c, s.user_id, 100)).objects.length, 1);
    await rejects(ts.client().listStorageObjects(s, c, 'not-a-uuid'), 400, 'Invalid user ID - make sure user ID is a valid UUID.');
    for (const cursor of ['garbage!', Buffer.from('["k"]').toString('base64url'), Buffer.from('["k","x"]').toString('base64url')]) {
      await rejects(ts.client().listStorageObjects(s, c, s.user_id, 1, cursor), 400, 'Malformed cursor was used.');
    }
  });

  it('bad input answers 400 with a clear message, writes nothing and keeps the server up', async () => {
    const s = await ts.newSession();
    const c = coll();
    const obj = (o: Record<string, unknown>) => ({ collection: c, key: 'k', value: '{}', ...o });
    const cases: [unknown, string][] = [
      [{ objects: [obj({ value: '{not json' })] }, 'Value must be a JSON object.'],
      [{ objects: [obj({ value: '[1,2]' })] }, 'Value must be a JSON object.'],
      [{ objects: [obj({ value: '"text"' })] }, 'Value must be a JSON object.'],
      [{ objects: [obj({ value: undefined })] }, 'Value must be a JSON object.'],
      [{ objects: [obj({ value: '{"a":"\\u0000"}' })] }, 'value: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).'],
      [{ objects: [obj({ value: '{"a":"\\ud800"}' })] }, 'value: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).'],
      [{ objects: [obj({ value: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) })] }, 'Value must be nested at most 128 levels deep.'],
      [{ objects: [obj({ value: '{"a":1e100000}' })] }, 'Value numbers must have exponents between -400 and 400.'],
      [{ objects: [obj({ permission_read: 3 })] }, 'Invalid Read permission supplied. It must be either 0, 1 or 2.'],
      [{ objects: [obj({ permission_read: -1 })] }, 'Invalid Read permission supplied. It must be either 0, 1 or 2.'],
      [{ objects: [obj({ permission_write: 2 })] }, 'Invalid Write permission supplied. It must be either 0 or 1.'],
      [{ objects: [obj({ permission_write: 'x' })] }, 'permission_write must be a whole number.'],
      [{ objects: [obj({ collection: '' })] }, 'Collection must be set.'],
      [{ objects: [obj({ key: '' })] }, 'Key must be set.'],
      [{ objects: [obj({ collection: 'x'.repeat(129) })] }, 'Collection must be at most 128 characters.'],
      // Refused where the body is read, like every string field.
      [{ objects: [obj({ key: 'a\u0000b' })] }, 'key: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).'],
      [{ objects: [obj({ key: 5 })] }, 'key must be a string.'],
      [{ objects: 'nope' }, 'objects must be a list.'],
    ];
    for (const [body, message] of cases) {
      const r = await raw(s, 'PUT', '/v2/storage', body);
      assert.deepEqual([r.status, r.body], [400, { code: 3, message }], JSON.stringify(body).slice(0, 80));
    }
    // A 128-character name of multi-byte letters is fine.
    await write(s, [{ collection: c, key: 'я'.repeat(128), value: {} }]);
    assert.deepEqual((await pages(s, c, s.user_id, 10, { [s.user_id]: 's' })).seen, [`${'я'.repeat(128)}/s`]);
    await rejects(del(s, [{ collection: c, key: '' }]), 400, 'Key must be set.');
  });

  it('after logout the old token gets 401 on writeStorageObjects', async () => {
    const s = await ts.newSession();
    await write(s, [{ collection: coll(), key: 'k', value: {} }]);
    await ts.client().sessionLogout(s, s.token, s.refresh_token);
    const e = await rejects(write(s, [{ collection: coll(), key: 'k', value: {} }]), 401);
    assert.equal(e.body.code, 16);
  });

  it('nk: system rights over any owner, the system user by default, read 0 included', async () => {
    const { nk } = ts.app;
    const s = await ts.newSession();
    const c = coll();
    const acks = await nk.storageWrite([
      { collection: c, key: 'config', value: { motd: 'привет' }, permissionRead: 2, permissionWrite: 0 },
      { collection: c, key: 'secret', value: { x: 1 }, permissionRead: 0, permissionWrite: 0 },
      { collection: c, key: 'owned', userId: s.user_id, value: { y: 1 }, permissionWrite: 0 },
    ]);
    assert.deepEqual(acks.map((a) => a.userId), [SYSTEM, SYSTEM, s.user_id]);

    // Clients read system objects with an empty user_id; the nil uuid itself is refused (upstream).
    const [sys] = await read(s, [{ collection: c, key: 'config', user_id: '' }, { collection: c, key: 'secret', user_id: '' }]);
    assert.deepEqual([sys.key, sys.user_id, sys.value], ['config', SYSTEM, { motd: 'привет' }]);
    await rejects(read(s, [{ collection: c, key: 'config', user_id: SYSTEM }]), 400);
    await rejects(write(s, [{ collection: c, key: 'owned', value: { y: 2 } }]), 400, PERMISSION_DENIED);

    // The server ignores permissions: it overwrites and reads write-0 and read-0 objects.
    await nk.storageWrite([{ collection: c, key: 'owned', userId: s.user_id, value: { y: 3 }, version: md5({ y: 1 }) }]);
    const got = await nk.storageRead([{ collection: c, key: 'secret' }, { collection: c, key: 'owned', userId: s.user_id }]);
    assert.deepEqual(got.map((o) => [o.key, o.value, o.permissionRead]), [['secret', { x: 1 }, 0], ['owned', { y: 3 }, 1]]);
    assert.ok(got[0].createTime instanceof Date);

    const first = await nk.storageList(null, c, 2);
    assert.deepEqual(first.objects.map((o) => o.key), ['config', 'owned']);
    const second = await nk.storageList(null, c, 2, first.cursor);
    assert.deepEqual([second.objects.map((o) => o.key), second.cursor], [['secret'], undefined]);
    assert.deepEqual((await nk.storageList(s.user_id, c)).objects.map((o) => o.key), ['owned']);

    await assert.rejects(nk.storageWrite([{ collection: c, key: 'config', value: {}, version: '*' }]), (e: AppError) => e.message === VERSION_FAILED);
    await assert.rejects(nk.storageWrite([{ collection: c, key: 'k', value: [] as unknown as Record<string, unknown> }]), AppError);
    await assert.rejects(nk.storageDelete([{ collection: c, key: 'secret', version: md5({}) }]), (e: AppError) => e.message === DELETE_REJECTED);
    await nk.storageDelete([{ collection: c, key: 'secret' }, { collection: c, key: 'never-written' }]);
    assert.deepEqual((await nk.storageList(null, c, 10)).objects.map((o) => o.key), ['config', 'owned']);
  });

  it('every listing is served in order by an index (no sequential scan, no sort)', async () => {
    const { db } = ts.app.core;
    await db.execute(
      `INSERT INTO storage (collection, key, user_id, version, read)
       SELECT 'bulk' || (i % 50), 'k' || i, $1, md5(i::text), i % 3 FROM generate_series(1, 5000) i`,
      [SYSTEM],
    );
    await db.execute('ANALYZE storage');
    const after: [string, string] = ['k10', SYSTEM];
    const variants = [
      storageListQuery(null, null, 'bulk7', 11, after),
      storageListQuery(null, SYSTEM, 'bulk7', 11, after),
      storageListQuery(SYSTEM, null, 'bulk7', 11, after),
      storageListQuery(SYSTEM, SYSTEM, 'bulk7', 11, after),
      storageListQuery(crypto.randomUUID(), SYSTEM, 'bulk7', 11, after),
    ];
    for (const q of variants) {
      const plan = await db.tx(async (t) => {
        await t.execute('SET LOCAL enable_seqscan = off');
        await t.execute('SET LOCAL enable_sort = off');
        return t.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${q.sql}`, q.params);
      });
      const text = JSON.stringify(plan);
      assert.doesNotMatch(text, /Seq Scan|"Sort"|Bitmap/, q.sql);
      assert.match(text, /Index Scan/, q.sql);
    }
  });
});
