import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Operator } from '../core/leaderboards.ts';
import conformance from '../conformance/index.ts';
import { errorOf, sleep, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [conformance] });
});
after(() => ts.close());

const board = async (operator: Operator = 'best', opts: { authoritative?: boolean; sort?: 'asc' | 'desc'; reset?: string | null; ranks?: boolean } = {}) => {
  const id = `lb-${crypto.randomUUID().slice(0, 8)}`;
  await ts.app.nk.leaderboardCreate(id, opts.authoritative ?? false, opts.sort ?? 'desc', operator, opts.reset ?? null, {}, opts.ranks ?? true);
  return id;
};
const write = (s: TestSession, id: string, score: number, subscore?: number, metadata?: object) =>
  ts.client().writeLeaderboardRecord(s, id, { score: String(score), subscore: subscore === undefined ? undefined : String(subscore), metadata });

async function rejects(p: Promise<unknown>, status: number, message?: string) {
  const e = await errorOf(p);
  assert.equal(e.status, status, JSON.stringify(e.body));
  if (message !== undefined) assert.equal(e.body.message, message);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function raw(s: TestSession | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (s) headers.Authorization = `Bearer ${s.token}`;
  const res = await fetch(`${ts.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** Waits until the node's rank cache of a board's current period is loaded. */
async function cacheLoaded(id: string) {
  const lb = await ts.app.core.leaderboards.get(id);
  const expiry = ts.app.core.leaderboards.expiryOf(lb, new Date());
  for (let i = 0; i < 200; i++) {
    if (ts.app.core.leaderboards.ranks.tree(id, expiry, lb.sortOrder === 'desc')) return;
    await sleep(10);
  }
  assert.fail('rank cache never loaded');
}

describe('leaderboards', () => {
  it('clientrpc.create_leaderboard makes a board the client writes to', async () => {
    const s = await ts.newSession();
    const r = await ts.client().rpc(s, 'clientrpc.create_leaderboard', { operator: 'set' });
    const id = (r.payload as { leaderboard_id: string }).leaderboard_id;
    const rec = await write(s, id, 10, 1, { key: 'value' });
    assert.equal(rec.score, 10);
    assert.equal(rec.subscore, 1);
    assert.deepEqual(rec.metadata, { key: 'value' });
    assert.equal(rec.rank, 1);
    assert.equal(rec.owner_id, s.user_id);
    assert.equal(rec.username, s.username);
    assert.equal(rec.num_score, 1);
  });

  it('best keeps the better score and subscore independently; num_score counts writes', async () => {
    const id = await board('best');
    const s = await ts.newSession();
    await write(s, id, 10, 1);
    const r = await write(s, id, 1, 20);
    assert.equal(r.score, 10);
    assert.equal(r.subscore, 20);
    assert.equal(r.num_score, 2);
    const asc = await board('best', { sort: 'asc' });
    await write(s, asc, 10, 1);
    const a = await write(s, asc, 1, 20);
    assert.equal(a.score, 1);
    assert.equal(a.subscore, 1);
  });

  it('set replaces, incr adds, decr subtracts floored at 0; metadata only when sent', async () => {
    const s = await ts.newSession();
    const set = await board('set');
    await write(s, set, 10, 1, { a: 1 });
    let r = await write(s, set, 3, 2);
    assert.equal(r.score, 3);
    assert.equal(r.subscore, 2);
    assert.deepEqual(r.metadata, { a: 1 });
    const incr = await board('incr');
    await write(s, incr, 10, 1);
    r = await write(s, incr, 1, 5);
    assert.equal(r.score, 11);
    assert.equal(r.subscore, 6);
    const decr = await board('decr');
    r = await write(s, decr, 5);
    assert.equal(r.score, 0);
    await ts.app.nk.leaderboardRecordWrite(decr, s.user_id, null, 10, 0, null, 'set');
    r = await write(s, decr, 4, 0, { b: 2 });
    assert.equal(r.score, 6);
    assert.deepEqual(r.metadata, { b: 2 });
    r = await write(s, decr, 100);
    assert.equal(r.score, 0);
    assert.equal(r.num_score, 4);
    // The operator override of the API.
    const o = await raw(s, 'POST', `/v2/leaderboard/${set}`, { score: '7', operator: 3 });
    assert.equal(o.status, 200);
    assert.equal(o.body.score, '10');
    assert.deepEqual(JSON.parse(o.body.metadata), { a: 1 });
  });

  it('authoritative boards refuse client writes and deletes; modules write to them', async () => {
    const id = await board('best', { authoritative: true });
    const s = await ts.newSession();
    await rejects(write(s, id, 1), 403, 'Leaderboard only allows authoritative score submissions.');
    assert.equal((await raw(s, 'DELETE', `/v2/leaderboard/${id}`)).status, 403);
    const rec = await ts.app.nk.leaderboardRecordWrite(id, s.user_id, 'someone', 5);
    assert.equal(rec.score, 5n);
    assert.equal(rec.rank, 1);
  });

  it('deletes the caller\'s record; deleting a missing one is fine', async () => {
    const id = await board();
    const [a, b] = [await ts.newSession(), await ts.newSession()];
    await write(a, id, 5);
    await write(b, id, 3);
    assert.equal((await raw(a, 'DELETE', `/v2/leaderboard/${id}`)).status, 200);
    assert.equal((await raw(a, 'DELETE', `/v2/leaderboard/${id}`)).status, 200);
    const l = await ts.client().listLeaderboardRecords(a, id);
    assert.deepEqual(l.records!.map((r) => [r.owner_id, r.rank]), [[b.user_id, 1]]);
  });

  it('lists with owner_ids, limit and cursors both ways; ranks exact across pages', async () => {
    const id = await board('set');
    const sessions: TestSession[] = [];
    for (let i = 0; i < 7; i++) {
      const s = await ts.newSession();
      sessions.push(s);
      await write(s, id, i % 3, i);
    }
    const expected = sessions.map((s, i) => ({ owner: s.user_id, score: i % 3, sub: i })).sort((x, y) => y.score - x.score || y.sub - x.sub);
    const seen: string[] = [];
    let cursor: string | undefined;
    let page = await ts.client().listLeaderboardRecords(sessions[0], id, [sessions[6].user_id], 3);
    assert.equal(page.rank_count, 7);
    assert.equal(page.prev_cursor, undefined);
    assert.equal(page.owner_records![0].owner_id, sessions[6].user_id);
    assert.equal(page.owner_records![0].rank, expected.findIndex((e) => e.owner === sessions[6].user_id) + 1);
    for (;;) {
      page.records!.forEach((r, i) => assert.equal(r.rank, seen.length + i + 1));
      seen.push(...page.records!.map((r) => r.owner_id!));
      cursor = page.next_cursor;
      if (!cursor) break;
      page = await ts.client().listLeaderboardRecords(sessions[0], id, undefined, 3, cursor);
    }
    assert.deepEqual(seen, expected.map((e) => e.owner));
    const prev = await ts.client().listLeaderboardRecords(sessions[0], id, undefined, 3, page.prev_cursor);
    assert.deepEqual(prev.records!.map((r) => r.owner_id), expected.slice(3, 6).map((e) => e.owner));
    assert.deepEqual(prev.records!.map((r) => r.rank), [4, 5, 6]);
  });

  it('lists around an owner', async () => {
    const id = await board('set', { sort: 'asc' });
    const sessions: TestSession[] = [];
    for (let i = 0; i < 9; i++) {
      const s = await ts.newSession();
      sessions.push(s);
      await write(s, id, i);
    }
    const around = await ts.client().listLeaderboardRecordsAroundOwner(sessions[0], id, sessions[4].user_id, 3);
    assert.deepEqual(around.records!.map((r) => r.score), [3, 4, 5]);
    assert.deepEqual(around.records!.map((r) => r.rank), [4, 5, 6]);
    const bottom = await ts.client().listLeaderboardRecordsAroundOwner(sessions[0], id, sessions[8].user_id, 4);
    assert.deepEqual(bottom.records!.map((r) => r.score), [5, 6, 7, 8]);
    const top = await ts.client().listLeaderboardRecordsAroundOwner(sessions[0], id, sessions[0].user_id, 3);
    assert.deepEqual(top.records!.map((r) => r.rank), [1, 2, 3]);
    const nobody = await ts.client().listLeaderboardRecordsAroundOwner(sessions[0], id, crypto.randomUUID(), 2);
    assert.deepEqual(nobody.records!.map((r) => r.rank), [1, 2]);
    const next = await ts.client().listLeaderboardRecordsAroundOwner(sessions[0], id, sessions[4].user_id, 3, undefined, around.next_cursor);
    assert.deepEqual(next.records!.map((r) => r.score), [6, 7, 8]);
  });

  it('ranks stay exact after many writes and deletes, from SQL and from the rank cache', async () => {
    const id = await board('set');
    const owners = Array.from({ length: 60 }, () => crypto.randomUUID());
    const scores = new Map<string, [number, number]>();
    const check = async () => {
      const want = [...scores.entries()].sort((a, b) => b[1][0] - a[1][0] || b[1][1] - a[1][1]).map(([o]) => o);
      const got = await ts.app.nk.leaderboardRecordsList(id, [], 1000);
      // Ties fall to the earlier write: the expected order must agree wherever scores differ.
      const key = (o: string) => scores.get(o)!.join(',');
      assert.deepEqual(got.records.map((r) => `${r.score},${r.subscore}`), got.records.map((r) => key(r.ownerId)));
      assert.deepEqual(got.records.map((r) => key(r.ownerId)), want.map(key));
      got.records.forEach((r, i) => assert.equal(r.rank, i + 1));
      for (const o of owners.slice(0, 10)) {
        if (!scores.has(o)) continue;
        const h = await ts.app.nk.leaderboardRecordsHaystack(id, o, 1);
        assert.equal(h.records[0].rank, got.records.findIndex((r) => r.ownerId === o) + 1);
      }
    };
    const rnd = () => Math.floor(Math.random() * 20);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 150; i++) {
        const o = owners[Math.floor(Math.random() * owners.length)];
        if (Math.random() < 0.15) {
          await ts.app.nk.leaderboardRecordDelete(id, o);
          scores.delete(o);
        } else {
          const v: [number, number] = [rnd(), rnd()];
          await ts.app.nk.leaderboardRecordWrite(id, o, null, v[0], v[1]);
          scores.set(o, v);
        }
      }
      await check();
      await cacheLoaded(id);
    }
  });

  it('enableRanks false gives rank 0', async () => {
    const id = await board('best', { ranks: false });
    const s = await ts.newSession();
    const r = await write(s, id, 4);
    assert.equal(r.rank, 0);
    const l = await raw(s, 'GET', `/v2/leaderboard/${id}`);
    assert.equal(l.body.records[0].rank, undefined);
    assert.equal(l.body.rank_count, undefined);
  });

  it('periods: records end with their period, listings default to the current one, resets run hooks once', async () => {
    const id = await board('incr', { reset: '* * * * *' });
    const lbs = ts.app.core.leaderboards;
    const s = await ts.newSession();
    const t0 = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000 + 5_000);
    const t1 = new Date(t0.getTime() + 60_000);
    const a = await lbs.write(id, s.user_id, 'p', 5n, 0n, undefined, undefined, false, t0);
    const b = await lbs.write(id, s.user_id, 'p', 7n, 0n, undefined, undefined, false, t1);
    assert.equal(a.expiryTime!.getTime(), t0.getTime() - 5_000 + 60_000);
    assert.equal(b.score, 7n);
    const first = await ts.client().listLeaderboardRecords(s, id, undefined, 10, undefined, String(a.expiryTime!.getTime() / 1000));
    assert.deepEqual(first.records!.map((r) => r.score), [5]);
    assert.equal(first.records![0].expiry_time, a.expiryTime!.toISOString().replace('.000', ''));
    const current = await lbs.listRecords(id, [], 10, undefined, 0, t1);
    assert.deepEqual(current.records.map((r) => r.score), [7n]);
    // Nothing in the real current period yet.
    assert.equal((await ts.client().listLeaderboardRecords(s, id)).records?.length ?? 0, 0);

    const calls: number[] = [];
    lbs.onReset = async (lb, reset) => {
      if (lb.id === id) calls.push(reset.getTime());
    };
    await lbs.runResets(t0);
    await lbs.runResets(t1);
    await lbs.runResets(t1);
    assert.deepEqual(calls, [t0.getTime() - 5_000, t1.getTime() - 5_000]);
  });

  it('refuses bad input', async () => {
    const id = await board();
    const s = await ts.newSession();
    await rejects(ts.client().listLeaderboardRecords(s, 'missing-board'), 404, 'Leaderboard not found.');
    await rejects(write(s, 'missing-board', 1), 404, 'Leaderboard not found.');
    await rejects(ts.client().listLeaderboardRecords(s, 'x'.repeat(129)), 400, 'Invalid leaderboard ID.');
    await rejects(write(s, 'x'.repeat(129), 1), 400, 'Invalid leaderboard ID.');
    await rejects(ts.client().listLeaderboardRecords(s, id, undefined, 0), 400, 'Invalid limit - limit must be between 1 and 1000.');
    await rejects(ts.client().listLeaderboardRecords(s, id, undefined, 1001), 400, 'Invalid limit - limit must be between 1 and 1000.');
    await rejects(ts.client().listLeaderboardRecords(s, id, undefined, 10, 'not-a-cursor'), 400, 'Invalid cursor.');
    await rejects(ts.client().listLeaderboardRecords(s, id, ['nope']), 400, 'One or more owner IDs are invalid.');
    await rejects(ts.client().listLeaderboardRecordsAroundOwner(s, id, 'nope'), 400, 'Invalid owner ID.');
    assert.equal((await raw(s, 'POST', `/v2/leaderboard/${id}`, { score: 'ten' })).status, 400);
    assert.equal((await raw(s, 'POST', `/v2/leaderboard/${id}`, { score: '99999999999999999999' })).status, 400);
    const m = await raw(s, 'POST', `/v2/leaderboard/${id}`, { score: '1', metadata: '[1]' });
    assert.equal(m.status, 400);
    assert.equal(m.body.message, 'Metadata value must be a JSON object, if provided.');
    assert.equal((await raw(s, 'POST', `/v2/leaderboard/${id}`, { score: '1', metadata: '{' })).status, 400);
    assert.equal((await raw(s, 'POST', `/v2/leaderboard/${id}`, { score: '1', operator: 9 })).status, 400);
    assert.equal((await raw(s, 'GET', `/v2/leaderboard/${id}?expiry=soon`)).status, 400);
    for (const [method, path] of [['GET', `/v2/leaderboard/${id}`], ['POST', `/v2/leaderboard/${id}`], ['DELETE', `/v2/leaderboard/${id}`], ['GET', `/v2/leaderboard/${id}/owner/${s.user_id}`]]) {
      assert.equal((await raw(null, method, path, method === 'POST' ? { score: '1' } : undefined)).status, 401);
    }
    await assert.rejects(ts.app.nk.leaderboardCreate('x', false, 'up' as 'asc'), /Sort order/);
    await assert.rejects(ts.app.nk.leaderboardCreate('x', false, 'asc', 'max' as Operator), /Operator/);
    await assert.rejects(ts.app.nk.leaderboardCreate('x', false, 'asc', 'best', 'every day'), /cron/);
  });
});
