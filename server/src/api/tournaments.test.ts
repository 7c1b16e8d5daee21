// Tournaments through the official client: listing, joins, writes and their rules, records, deletion.
// Windows are placed around the real clock (the REST routes use it): no test waits for one to open or close.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import conformance from '../conformance/index.ts';
import { FULL, MAX_ATTEMPTS, MUST_JOIN, NOT_ACTIVE_JOIN, NOT_ACTIVE_WRITE } from '../core/tournament-rules.ts';
import { errorOf, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [conformance], env: { LIMIT_WRITES_PER_USER_MINUTE: '30' } });
});
after(() => ts.close());

const nowSec = () => Math.floor(Date.now() / 1000);

interface Opts {
  authoritative?: boolean; sort?: 'asc' | 'desc'; operator?: 'best' | 'set' | 'incr' | 'decr'; reset?: string | null; category?: number;
  start?: number; end?: number; duration?: number; maxSize?: number; maxNumScore?: number; join?: boolean; title?: string;
}
async function tournament(o: Opts = {}) {
  const id = `t-${crypto.randomUUID().slice(0, 8)}`;
  await ts.app.nk.tournamentCreate(id, o.authoritative ?? false, o.sort ?? 'desc', o.operator ?? 'best', o.reset ?? null, { k: 1 },
    o.title ?? 'Cup', 'A cup', o.category ?? 0, o.start ?? nowSec() - 10, o.end ?? 0, o.duration ?? 3600, o.maxSize ?? 0,
    o.maxNumScore ?? 0, o.join ?? false);
  return id;
}
const write = (s: TestSession, id: string, score: number, subscore = 0) =>
  ts.client().writeTournamentRecord(s, id, { score: String(score), subscore: String(subscore) });

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

describe('tournaments', () => {
  it('clientrpc.create_tournament makes a tournament the client lists, joins and writes to', async () => {
    const s = await ts.newSession();
    const start = nowSec() - 5;
    const r = await ts.client().rpc(s, 'clientrpc.create_tournament', {
      title: 'Weekly', description: 'desc', category: 120, sort_order: 1, operator: 0, duration: 600, start_time: start,
      max_size: 5, max_num_score: 3, join_required: true,
    });
    const id = (r.payload as { tournament_id: string }).tournament_id;
    assert.equal(await ts.client().joinTournament(s, id), true);
    const list = await ts.client().listTournaments(s, 120, 120, start, undefined, 10);
    const t = list.tournaments!.find((x) => x.id === id)!;
    assert.equal(t.title, 'Weekly');
    assert.equal(t.description, 'desc');
    assert.equal(t.category, 120);
    assert.equal(t.sort_order, 1);
    assert.equal(t.size, 1);
    assert.equal(t.max_size, 5);
    assert.equal(t.max_num_score, 3);
    assert.equal(t.duration, 600);
    assert.equal(t.can_enter, true);
    assert.equal(t.start_active, start);
    assert.equal(t.end_active, start + 600);
    assert.equal(t.next_reset, 0);
    const rec = await write(s, id, 42, 7);
    assert.equal(rec.score, 42);
    assert.equal(rec.num_score, 1);
    assert.equal(rec.max_num_score, 3);
    assert.equal(rec.rank, 1);
    assert.equal(rec.username, s.username);
    // The raw answer has the contract's fields.
    const rawList = await raw(s, 'GET', `/v2/tournament?category_start=120&category_end=120&start_time=${start}`);
    const rt = rawList.body.tournaments.find((x: { id: string }) => x.id === id);
    assert.equal(rt.join_required, true);
    assert.equal(rt.operator, 1);
    assert.equal(rt.metadata, '{}');
    assert.ok(rt.create_time && rt.start_time);
    assert.equal(rt.end_time, undefined);
    const del = await raw(s, 'POST', '/v2/rpc/clientrpc.delete_tournament', JSON.stringify({ tournament_id: id }));
    assert.equal(del.status, 200, JSON.stringify(del.body));
    await rejects(ts.client().listTournamentRecords(s, id), 404, 'Tournament not found.');
  });

  it('join is a no-op unless required; a first write then counts towards the size', async () => {
    const id = await tournament({ maxSize: 1 });
    const [a, b] = [await ts.newSession(), await ts.newSession()];
    assert.equal(await ts.client().joinTournament(a, id), true);
    assert.equal((await ts.app.nk.tournamentsGetId([id]))[0].size, 0);
    assert.equal((await write(a, id, 5)).score, 5);
    assert.equal((await write(a, id, 9)).score, 9);
    assert.equal((await ts.app.nk.tournamentsGetId([id]))[0].size, 1);
    await rejects(write(b, id, 1), 400, FULL);
  });

  it('join required: writes need a join, a second join is a no-op, max_num_score caps writes', async () => {
    const id = await tournament({ join: true, maxNumScore: 2, operator: 'incr' });
    const s = await ts.newSession();
    await rejects(write(s, id, 1), 400, MUST_JOIN);
    await ts.client().joinTournament(s, id);
    await ts.client().joinTournament(s, id);
    const [t] = await ts.app.nk.tournamentsGetId([id]);
    assert.equal(t.size, 1);
    // A joined player is listed and ranked without a score yet.
    const before = await ts.client().listTournamentRecords(s, id);
    assert.equal(before.records![0].num_score, 0);
    const other = await ts.newSession();
    await ts.client().joinTournament(other, id);
    await write(other, id, 5);
    const ranked = await ts.client().listTournamentRecords(s, id, [s.user_id]);
    assert.deepEqual(ranked.records!.map((r) => [r.owner_id, r.rank]), [[other.user_id, 1], [s.user_id, 2]]);
    assert.equal(ranked.owner_records![0].rank, 2);
    assert.equal((await raw(s, 'GET', `/v2/tournament/${id}`)).body.rank_count, '2');
    // The first write takes its value as it is, even with incr.
    assert.equal((await write(s, id, -3)).score, -3);
    assert.equal((await write(s, id, 10)).score, 7);
    await rejects(write(s, id, 1), 400, MAX_ATTEMPTS);
    // A module can grant more attempts.
    await ts.app.nk.tournamentAddAttempt(id, s.user_id, 1);
    assert.equal((await write(s, id, 1)).score, 8);
    await rejects(write(s, id, 1), 400, MAX_ATTEMPTS);
  });

  it('joins and writes only inside the active window', async () => {
    const s = await ts.newSession();
    const later = await tournament({ join: true, start: nowSec() + 3600 });
    await rejects(ts.client().joinTournament(s, later), 400, NOT_ACTIVE_JOIN);
    const open = await tournament({ start: nowSec() + 3600 });
    await rejects(write(s, open, 1), 400, NOT_ACTIVE_WRITE);
    // Started two hours ago, active for a minute: over.
    const over = await tournament({ join: true, start: nowSec() - 7200, duration: 60 });
    await rejects(ts.client().joinTournament(s, over), 400, NOT_ACTIVE_JOIN);
    const t = (await ts.app.nk.tournamentsGetId([over]))[0];
    assert.equal(t.canEnter, false);
    const overOpen = await tournament({ start: nowSec() - 7200, duration: 60 });
    await rejects(write(s, overOpen, 1), 400, NOT_ACTIVE_WRITE);
  });

  it('a full tournament refuses joins; concurrent joins never exceed max_size', async () => {
    const id = await tournament({ join: true, maxSize: 3 });
    const sessions = await Promise.all(Array.from({ length: 8 }, () => ts.newSession()));
    const results = await Promise.allSettled(sessions.map((s) => ts.client().joinTournament(s, id)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      const res = (r as PromiseRejectedResult).reason as Response;
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { message: string }).message, FULL);
    }
    const [t] = await ts.app.nk.tournamentsGetId([id]);
    assert.equal(t.size, 3);
    assert.equal(t.canEnter, false);
    assert.equal((await ts.client().listTournamentRecords(sessions[0], id, undefined, 100)).records!.length, 3);
  });

  it('deleting one\'s own record leaves the period: its place is free, and a required join is needed again', async () => {
    const id = await tournament({ join: true, maxSize: 2 });
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => ts.newSession()));
    await ts.client().joinTournament(a, id);
    await ts.client().joinTournament(b, id);
    await write(a, id, 7);
    await rejects(ts.client().joinTournament(c, id), 400, FULL);
    assert.equal((await raw(a, 'DELETE', `/v2/tournament/${id}`)).status, 200);
    // A second delete finds nothing and frees nothing.
    assert.equal((await raw(a, 'DELETE', `/v2/tournament/${id}`)).status, 200);
    let [t] = await ts.app.nk.tournamentsGetId([id]);
    assert.deepEqual([t.size, t.canEnter], [1, true]);
    await rejects(write(a, id, 8), 400, MUST_JOIN);
    await ts.client().joinTournament(c, id);
    [t] = await ts.app.nk.tournamentsGetId([id]);
    assert.deepEqual([t.size, t.canEnter], [2, false]);
    await rejects(ts.client().joinTournament(a, id), 400, FULL);
  });

  it('authoritative tournaments refuse client writes and deletes with 403; modules write', async () => {
    const id = await tournament({ authoritative: true });
    const s = await ts.newSession();
    await rejects(write(s, id, 1), 403, 'Tournament only allows authoritative submissions.');
    const d = await raw(s, 'DELETE', `/v2/tournament/${id}`);
    assert.equal(d.status, 403);
    assert.equal(d.body.message, 'Tournament only allows authoritative submissions.');
    const rec = await ts.app.nk.tournamentRecordWrite(id, s.user_id, 'srv', 11);
    assert.equal(rec.score, 11n);
  });

  it('lists records, records around an owner, and deletes the caller\'s own', async () => {
    const id = await tournament({ sort: 'asc' });
    const ss = await Promise.all([0, 1, 2, 3].map(() => ts.newSession()));
    for (const [i, s] of ss.entries()) await write(s, id, 10 * (i + 1));
    const page = await ts.client().listTournamentRecords(ss[0], id, [ss[3].user_id], 2);
    assert.deepEqual(page.records!.map((r) => r.owner_id), [ss[0].user_id, ss[1].user_id]);
    assert.equal(page.owner_records![0].rank, 4);
    const next = await ts.client().listTournamentRecords(ss[0], id, undefined, 2, page.next_cursor);
    assert.deepEqual(next.records!.map((r) => r.rank), [3, 4]);
    const around = await ts.client().listTournamentRecordsAroundOwner(ss[0], id, ss[2].user_id, 3);
    assert.deepEqual(around.records!.map((r) => r.owner_id), [ss[1].user_id, ss[2].user_id, ss[3].user_id]);
    const d = await raw(ss[0], 'DELETE', `/v2/tournament/${id}`);
    assert.equal(d.status, 200);
    const after = await ts.client().listTournamentRecords(ss[1], id);
    assert.deepEqual(after.records!.map((r) => [r.owner_id, r.rank]), [[ss[1].user_id, 1], [ss[2].user_id, 2], [ss[3].user_id, 3]]);
  });

  it('PUT and POST both write; the operator in the body overrides', async () => {
    const id = await tournament({ operator: 'best' });
    const s = await ts.newSession();
    const a = await raw(s, 'PUT', `/v2/tournament/${id}`, { score: '5' });
    assert.equal(a.body.score, '5');
    const b = await raw(s, 'POST', `/v2/tournament/${id}`, { score: '2', operator: 2 });
    assert.equal(b.status, 200);
    assert.equal(b.body.score, '2');
    assert.equal(b.body.num_score, 2);
    const c = await raw(s, 'POST', `/v2/tournament/${id}`, { score: '1', operator: 9 });
    assert.equal(c.status, 400);
  });

  it('lists by category, start and end time, with a cursor', async () => {
    const s = await ts.newSession();
    const start = nowSec() + 100_000 + Math.floor(Math.random() * 100_000);
    const ids = [];
    for (const c of [10, 11, 12]) ids.push(await tournament({ category: c, start, end: start + 1000 }));
    ids.push(await tournament({ category: 13, start, end: start + 5000 }));
    ids.sort();
    const first = await ts.client().listTournaments(s, 10, 13, start, undefined, 2);
    assert.deepEqual(first.tournaments!.map((t) => t.id), ids.slice(0, 2));
    assert.ok(first.cursor);
    const second = await ts.client().listTournaments(s, 10, 13, start, undefined, 2, first.cursor);
    assert.deepEqual(second.tournaments!.map((t) => t.id), ids.slice(2));
    assert.equal(second.cursor, undefined);
    const cats = await ts.client().listTournaments(s, 11, 12, start, undefined, 10);
    assert.equal(cats.tournaments!.length, 2);
    const ending = await ts.client().listTournaments(s, 10, 13, start, start + 1000, 10);
    assert.equal(ending.tournaments!.length, 3);
    const t = ending.tournaments![0];
    assert.equal(t.can_enter, undefined);
    assert.equal(t.start_active, start);
    assert.equal(t.end_time, new Date((start + 1000) * 1000).toISOString().replace('.000', ''));
  });

  it('refuses bad input, unknown tournaments and unauthenticated calls', async () => {
    const s = await ts.newSession();
    const id = await tournament();
    for (const q of ['category_start=200', 'category_end=128', 'category_start=5&category_end=4', 'start_time=10&end_time=5',
      'limit=0', 'limit=101', 'cursor=nope', 'start_time=-1']) {
      const r = await raw(s, 'GET', `/v2/tournament?${q}`);
      assert.equal(r.status, 400, q);
    }
    await rejects(ts.client().joinTournament(s, 'missing'), 404, 'Tournament not found.');
    await rejects(write(s, 'missing', 1), 404, 'Tournament not found.');
    await rejects(ts.client().listTournamentRecordsAroundOwner(s, id, 'nope'), 400);
    await rejects(ts.client().listTournamentRecords(s, id, ['nope']), 400);
    assert.equal((await raw(s, 'POST', `/v2/tournament/${id}`, { score: 'x' })).status, 400);
    assert.equal((await raw(s, 'POST', `/v2/tournament/${id}`, { score: '1', metadata: '[1]' })).status, 400);
    // A plain leaderboard is no tournament, and a tournament takes no leaderboard writes.
    await ts.app.nk.leaderboardCreate(`lb-${id}`, false);
    await rejects(write(s, `lb-${id}`, 1), 404, 'Tournament not found.');
    await rejects(ts.client().writeLeaderboardRecord(s, id, { score: '1' }), 404, 'Leaderboard not found.');
    for (const [method, path] of [['GET', '/v2/tournament'], ['POST', `/v2/tournament/${id}/join`], ['PUT', `/v2/tournament/${id}`],
      ['GET', `/v2/tournament/${id}`], ['GET', `/v2/tournament/${id}/owner/${s.user_id}`], ['DELETE', `/v2/tournament/${id}`]]) {
      assert.equal((await raw(null, method, path, method === 'GET' || method === 'DELETE' ? undefined : {})).status, 401, `${method} ${path}`);
    }
  });

  it('writes and joins count against the per-user write limit', async () => {
    const id = await tournament({ operator: 'incr', join: true });
    const s = await ts.newSession();
    await ts.client().joinTournament(s, id);
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i++) status = (await raw(s, 'PUT', `/v2/tournament/${id}`, { score: '1' })).status;
    assert.equal(status, 429);
    assert.equal((await raw(s, 'POST', `/v2/tournament/${id}/join`)).status, 429);
  });
});
