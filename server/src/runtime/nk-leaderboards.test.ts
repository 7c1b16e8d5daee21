// The `nk` facade's leaderboards and registerLeaderboardReset, with the REST side observed through the client.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { errorOf, startTestServer, type TestServer } from '../testing/index.ts';
import type { NkLeaderboard } from './nk-leaderboards.ts';
import type { Nk } from './nk.ts';
import type { RuntimeModule } from './types.ts';

const resets: { id: string; reset: number; mode: string }[] = [];
let moduleNk: Nk;

const module: RuntimeModule = {
  name: 'nk-leaderboards-test',
  init(initializer, nk) {
    moduleNk = nk;
    initializer.registerLeaderboardReset((ctx, _nk, lb: NkLeaderboard, reset) => {
      resets.push({ id: lb.id, reset, mode: ctx.executionMode });
    });
  },
};

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [module], env: { LIMIT_WRITES_PER_USER_MINUTE: '5' } });
});
after(() => ts.close());

const newId = () => `nk-${crypto.randomUUID().slice(0, 8)}`;

describe('nk leaderboards', () => {
  it('creates, lists, gets and deletes boards; creating again keeps the first', async () => {
    const id = newId();
    await moduleNk.leaderboardCreate(id, true, 'asc', 'incr', '0 0 * * 1', { season: 1 }, false);
    await moduleNk.leaderboardCreate(id, false, 'desc', 'set');
    const [b] = await moduleNk.leaderboardsGetId([id, 'missing']);
    assert.equal(b.id, id);
    assert.equal(b.authoritative, true);
    assert.equal(b.sortOrder, 'asc');
    assert.equal(b.operator, 'incr');
    assert.equal(b.resetSchedule, '0 0 * * 1');
    assert.deepEqual(b.metadata, { season: 1 });
    assert.equal(b.enableRanks, false);
    assert.ok((await moduleNk.leaderboardList()).some((x) => x.id === id));
    await moduleNk.leaderboardDelete(id);
    assert.deepEqual(await moduleNk.leaderboardsGetId([id]), []);
    await assert.rejects(moduleNk.leaderboardRecordWrite(id, crypto.randomUUID(), null, 1), /Leaderboard not found/);
  });

  it('writes with an operator override, lists, finds around an owner and deletes', async () => {
    const id = newId();
    await moduleNk.leaderboardCreate(id, true, 'desc', 'best');
    const owners = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, o] of owners.entries()) await moduleNk.leaderboardRecordWrite(id, o, `u${i}`, 10 * (i + 1), 0, { i });
    let r = await moduleNk.leaderboardRecordWrite(id, owners[2], null, 5, 0, null, 'set');
    assert.equal(r.score, 5n);
    assert.equal(r.username, 'u2');
    assert.deepEqual(JSON.parse(r.metadata), { i: 2 });
    assert.equal(r.rank, 3);
    r = await moduleNk.leaderboardRecordWrite(id, owners[2], null, 100n, 7n, null, 'incr');
    assert.equal(r.score, 105n);
    assert.equal(r.rank, 1);
    const list = await moduleNk.leaderboardRecordsList(id, [owners[0]], 2);
    assert.deepEqual(list.records.map((x) => x.ownerId), [owners[2], owners[1]]);
    assert.equal(list.ownerRecords[0].rank, 3);
    assert.equal(list.rankCount, 3);
    assert.ok(list.nextCursor);
    const rest = await moduleNk.leaderboardRecordsList(id, [], 2, list.nextCursor);
    assert.deepEqual(rest.records.map((x) => [x.ownerId, x.rank]), [[owners[0], 3]]);
    const around = await moduleNk.leaderboardRecordsHaystack(id, owners[1], 1);
    assert.deepEqual(around.records.map((x) => x.rank), [2]);
    await moduleNk.leaderboardRecordDelete(id, owners[2]);
    assert.equal((await moduleNk.leaderboardRecordsHaystack(id, owners[1], 1)).records[0].rank, 1);
    await assert.rejects(moduleNk.leaderboardRecordWrite(id, 'nope', null, 1), /Invalid owner ID/);
    await assert.rejects(moduleNk.leaderboardRecordWrite(id, owners[0], null, 1.5), /score must be a whole number/);
    await assert.rejects(moduleNk.leaderboardRecordWrite(id, owners[0], null, 1, 0, [1] as never), /JSON object/);
    await assert.rejects(moduleNk.leaderboardRecordWrite(id, owners[0], null, 2n ** 63n), /out of range/);
  });

  it('runs the reset hooks once per reset with the board and the reset time', async () => {
    const id = newId();
    await moduleNk.leaderboardCreate(id, false, 'desc', 'best', '*/5 * * * *');
    const lbs = ts.app.core.leaderboards;
    const t = Math.ceil(Date.now() / 300_000) * 300_000 + 600_000;
    await lbs.runResets(new Date(t + 1_000));
    await lbs.runResets(new Date(t + 2_000));
    await lbs.runResets(new Date(t + 301_000));
    const mine = resets.filter((r) => r.id === id);
    assert.deepEqual(mine, [
      { id, reset: t / 1000, mode: 'leaderboard_reset' },
      { id, reset: t / 1000 + 300, mode: 'leaderboard_reset' },
    ]);
  });

  it('a deleted account takes its records and ranks with it', async () => {
    const id = newId();
    await moduleNk.leaderboardCreate(id, false, 'desc', 'best');
    const [a, b] = [await ts.newSession(), await ts.newSession()];
    await ts.client().writeLeaderboardRecord(a, id, { score: '9' });
    await ts.client().writeLeaderboardRecord(b, id, { score: '1' });
    await moduleNk.accountDeleteId(a.user_id);
    const list = await moduleNk.leaderboardRecordsList(id, [], 10);
    assert.deepEqual(list.records.map((x) => [x.ownerId, x.rank]), [[b.user_id, 1]]);
  });

  it('REST writes count against the per-user write limit', async () => {
    const id = newId();
    await moduleNk.leaderboardCreate(id, false, 'desc', 'incr');
    const s = await ts.newSession();
    for (let i = 0; i < 5; i++) await ts.client().writeLeaderboardRecord(s, id, { score: '1' });
    const e = await errorOf(ts.client().writeLeaderboardRecord(s, id, { score: '1' }));
    assert.equal(e.status, 429);
    // Module writes are the server's own and not limited.
    assert.equal((await moduleNk.leaderboardRecordWrite(id, s.user_id, null, 1)).score, 6n);
  });
});
