// The `nk` facade's notification reads: newest first by a cursor of its own (paging across equal times,
// refusals of bad cursors and limits), upstream's oldest-first default, the code filter, the capped count,
// and the plans of both statements: the user's index read backward, never a scan of the table or a sort.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Notifications } from '../core/notifications.ts';
import type { Db, Queryable } from '../db/index.ts';
import { Code } from '../errors.ts';
import { appErrorOf, startTestServer, type TestServer } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

const T = (s: number) => new Date(Date.UTC(2026, 4, 1, 10, 0, s));

/** Stores notifications straight into the table, at the given times, and answers their ids in that order. */
async function store(userId: string, rows: Array<{ at: Date; code?: number; subject?: string }>): Promise<string[]> {
  const ids = rows.map(() => crypto.randomUUID());
  await ts.app.core.db.execute(
    `INSERT INTO notification (id, user_id, subject, content, code, create_time)
     SELECT id, $2, s, '{}', c, t FROM unnest($1::uuid[], $3::text[], $4::int[], $5::timestamptz[]) AS r(id, s, c, t)`,
    [ids, userId, rows.map((r, i) => r.subject ?? `n${i}`), rows.map((r) => r.code ?? 101), rows.map((r) => r.at)],
  );
  return ids;
}

/** Newest first, as the index orders them: by time, then by id, both descending. */
const newestOrder = (rows: Array<{ id: string; at: Date }>) =>
  [...rows].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);

async function allNewest(userId: string, limit: number, systemCodes?: number[]): Promise<{ ids: string[]; pages: number[] }> {
  const ids: string[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await ts.app.nk.notificationsList(userId, limit, cursor, { newestFirst: true, systemCodes });
    pages.push(page.notifications.length);
    ids.push(...page.notifications.map((n) => n.id));
    cursor = page.cursor;
  } while (cursor && pages.length < 50);
  return { ids, pages };
}

describe('nk notificationsList, newest first', () => {
  it('pages by (time, id) down, across equal times, with no cursor on the last page', async () => {
    const u = await ts.newSession();
    // Five in one microsecond, two later, one earlier: pages must split the equal ones by id.
    const times = [T(1), T(1), T(1), T(1), T(1), T(2), T(2), T(0)];
    const ids = await store(u.user_id, times.map((at) => ({ at })));
    const expected = newestOrder(ids.map((id, i) => ({ id, at: times[i] })));
    for (const limit of [1, 2, 3, 4, 8, 100]) {
      const { ids: got, pages } = await allNewest(u.user_id, limit);
      assert.deepEqual(got, expected, `limit ${limit}`);
      // A full last page says there is no more: the limit+1st row decides, not the page's length.
      assert.equal(pages.length, Math.ceil(8 / limit), `limit ${limit}`);
    }
    const first = await ts.app.nk.notificationsList(u.user_id, 3, undefined, { newestFirst: true });
    assert.deepEqual(first.notifications.map((n) => n.createTime), [T(2), T(2), T(1)]);
    assert.deepEqual(first.notifications[0], {
      id: expected[0], subject: `n${ids.indexOf(expected[0])}`, content: {}, code: 101, senderId: null, createTime: T(2), persistent: true,
    });
  });

  it('lists another user’s nothing, and an empty list without a cursor', async () => {
    const [a, b] = [await ts.newSession(), await ts.newSession()];
    await store(a.user_id, [{ at: T(5) }]);
    assert.deepEqual(await ts.app.nk.notificationsList(b.user_id, 10, undefined, { newestFirst: true }), { notifications: [] });
  });

  it('keeps modules’ codes and, when given, only the named system codes', async () => {
    const u = await ts.newSession();
    const codes = [-1, -2, 101, -3, -4, 7, -2];
    const ids = await store(u.user_id, codes.map((code, i) => ({ at: T(i), code })));
    const kept = ids.filter((_, i) => codes[i] > 0 || codes[i] === -2 || codes[i] === -3).reverse();
    assert.deepEqual((await allNewest(u.user_id, 2, [-2, -3])).ids, kept);
    assert.equal((await allNewest(u.user_id, 2)).ids.length, codes.length);
    const oldest = await ts.app.nk.notificationsList(u.user_id, 100, undefined, { systemCodes: [] });
    assert.deepEqual(oldest.notifications.map((n) => n.code), [101, 7]);
  });

  it('refuses bad cursors, the other order’s cursor, bad limits and ids', async () => {
    const u = await ts.newSession();
    await store(u.user_id, [{ at: T(1) }, { at: T(2) }, { at: T(3) }]);
    const list = (limit: number | undefined, cursor?: string, newestFirst = true) => ts.app.nk.notificationsList(u.user_id, limit, cursor, { newestFirst });
    const refused = async (p: Promise<unknown>, message: RegExp) => {
      const e = await appErrorOf(p);
      assert.equal(e.code, Code.InvalidArgument);
      assert.match(e.message, message);
    };
    const newest = (await list(1)).cursor!;
    const oldest = (await list(1, undefined, false)).cursor!;
    assert.ok(newest && oldest);
    await refused(list(1, oldest), /Cursor is invalid/);
    await refused(list(1, newest, false), /Cursor is invalid/);
    const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const nil = '00000000-0000-4000-8000-000000000000';
    // A well-formed one is read like any cursor.
    assert.equal((await list(10, forge(['newest', '2030-01-01T00:00:00.000000', nil]))).notifications.length, 3);
    for (const bad of [
      'garbage', forge(['oldest', '2030-01-01T00:00:00.000000', nil]), forge(['newest', '2024-02-30T10:00:00.000000', nil]),
      forge(['newest', '2030-01-01T00:00:00.000000', 'x']), forge(['newest', '2030-01-01T00:00:00.000000']), forge(['newest', 1, nil]),
    ]) {
      await refused(list(10, bad), /Cursor is invalid/);
    }
    for (const limit of [0, 101, 1.5, -1]) await refused(list(limit), /limit must be between 1 and 100/);
    assert.equal((await list(100)).notifications.length, 3);
    // Upstream's default: 100, oldest first.
    assert.deepEqual((await ts.app.nk.notificationsList(u.user_id)).notifications.map((n) => n.createTime), [T(1), T(2), T(3)]);
    await refused(ts.app.nk.notificationsList('not-a-uuid', 10, undefined, { newestFirst: true }), /Invalid user id/);
    await refused(ts.app.nk.notificationsList('not-a-uuid'), /Invalid user id/);
    await refused(ts.app.nk.notificationsList(u.user_id, 10, undefined, { newestFirst: true, systemCodes: [1] }), /System codes/);
  });
});

describe('nk notificationsCount', () => {
  it('counts from a time on, except some ids, of the codes kept, and stops at its cap', async () => {
    const u = await ts.newSession();
    const ids = await store(u.user_id, [
      ...Array.from({ length: 30 }, (_, i) => ({ at: T(i) })),
      { at: T(40), code: -1 }, { at: T(41), code: -2 },
    ]);
    const count = (options: Parameters<typeof ts.app.nk.notificationsCount>[1]) => ts.app.nk.notificationsCount(u.user_id, options);
    assert.equal(await count({}), 32);
    assert.equal(await count({ systemCodes: [-2] }), 31);
    assert.equal(await count({ max: 10 }), 10);
    assert.equal(await count({ max: 1000 }), 32);
    // At or after the time: T(25) counts.
    assert.equal(await count({ since: T(25), systemCodes: [-2] }), 6);
    assert.equal(await count({ since: T(25), exceptIds: [ids[25], ids[3], crypto.randomUUID()], systemCodes: [] }), 4);
    // The excepted ids do not use up the cap.
    assert.equal(await count({ exceptIds: ids.slice(20, 30), max: 5 }), 5);
    assert.equal(await count({ since: T(100) }), 0);
    assert.equal(await ts.app.nk.notificationsCount((await ts.newSession()).user_id), 0);
  });

  it('refuses a bad cap, time, ids or user', async () => {
    const u = await ts.newSession();
    const refused = async (p: Promise<unknown>, message: RegExp) => {
      const e = await appErrorOf(p);
      assert.equal(e.code, Code.InvalidArgument);
      assert.match(e.message, message);
    };
    for (const max of [0, 1001, 2.5]) await refused(ts.app.nk.notificationsCount(u.user_id, { max }), /limit must be between 1 and 1000/);
    await refused(ts.app.nk.notificationsCount(u.user_id, { since: new Date('nope') }), /Since/);
    await refused(ts.app.nk.notificationsCount(u.user_id, { exceptIds: ['x'] }), /Excepted ids/);
    await refused(ts.app.nk.notificationsCount(u.user_id, { exceptIds: Array.from({ length: 1001 }, () => crypto.randomUUID()) }), /Excepted ids/);
    await refused(ts.app.nk.notificationsCount('x'), /Invalid user id/);
  });
});

/** A Queryable that remembers the statements run through it. */
function recording(db: Db): { q: Queryable; statements: Array<[string, unknown[]]> } {
  const statements: Array<[string, unknown[]]> = [];
  return {
    statements,
    q: {
      query: (sql, params) => (statements.push([sql, params ?? []]), db.query(sql, params)),
      execute: (sql, params) => (statements.push([sql, params ?? []]), db.execute(sql, params)),
    },
  };
}

describe('query plans', () => {
  it('the newest-first listing and the count read the user’s index backward: no sequential scan, no sort', async () => {
    const { db } = ts.app.core;
    const users = await Promise.all(Array.from({ length: 4 }, () => ts.newSession()));
    for (const u of users) {
      await store(u.user_id, Array.from({ length: 500 }, (_, i) => ({ at: T(i), code: i % 7 === 0 ? -1 : 101 })));
    }
    await db.execute('ANALYZE notification');
    const r = recording(db);
    const core = new Notifications(r.q as Db, ts.app.core.bus);
    const me = users[0].user_id;
    const first = await core.listNewest(me, 20, undefined, { systemCodes: [-2, -3] });
    await core.listNewest(me, 20, first.cursor, { systemCodes: [-2, -3] });
    await core.listNewest(me, 20, first.cursor);
    await core.count(me, { since: T(100), exceptIds: [crypto.randomUUID()], systemCodes: [-2, -3] }, 100);
    await core.count(me, {}, 100);
    assert.equal(r.statements.length, 5);
    for (const [sql, params] of r.statements) {
      const plan = await db.tx(async (t) => {
        await t.execute('SET LOCAL enable_seqscan = off');
        await t.execute('SET LOCAL enable_sort = off');
        const rows = await t.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
      assert.match(plan, /Index (Only )?Scan Backward using notification_user_id_create_time_id_idx/, plan);
      assert.doesNotMatch(plan, /Seq Scan|Sort|Bitmap/, plan);
    }
  });
});
