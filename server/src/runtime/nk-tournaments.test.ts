// The `nk` facade's tournaments and their deadlines, hooks and periods, at times passed in.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { MUST_JOIN, NOT_ACTIVE_JOIN, NOT_ACTIVE_WRITE } from '../core/tournament-rules.ts';
import { Tournaments } from '../core/tournaments.ts';
import type { Logger } from '../log.ts';
import { startTestServer, type TestServer } from '../testing/index.ts';
import type { Nk } from './nk.ts';
import type { NkTournament } from './nk-tournaments.ts';
import type { RuntimeModule } from './types.ts';

const calls: { kind: string; id: string; end: number; reset: number; mode: string; title: string }[] = [];
let moduleNk: Nk;

const module: RuntimeModule = {
  name: 'nk-tournaments-test',
  init(initializer, nk) {
    moduleNk = nk;
    initializer.registerTournamentReset((ctx, _nk, t: NkTournament, end, reset) => {
      calls.push({ kind: 'reset', id: t.id, end, reset, mode: ctx.executionMode, title: t.tournament.title });
    });
    initializer.registerTournamentEnd((ctx, _nk, t: NkTournament, end, reset) => {
      calls.push({ kind: 'end', id: t.id, end, reset, mode: ctx.executionMode, title: t.tournament.title });
    });
  },
};

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [module] });
});
after(() => ts.close());

const newId = () => `nt-${crypto.randomUUID().slice(0, 8)}`;
const HOUR = 3_600_000;
/** A whole hour two days ahead: periods there are untouched by the real clock. */
const futureHour = () => Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR + Math.floor(Math.random() * 1000) * HOUR;
const at = (ms: number) => new Date(ms);

describe('nk tournaments', () => {
  it('creates, gets, lists and deletes; creating again keeps the first; refuses bad input', async () => {
    const id = newId();
    const start = Math.floor(Date.now() / 1000) - 10;
    await moduleNk.tournamentCreate(id, true, 'asc', 'incr', '0 0 * * *', { s: 1 }, 'T', 'D', 7, start, start + 86400 * 3, 600, 10, 5, true, false);
    await moduleNk.tournamentCreate(id, false, 'desc', 'set', null, {}, 'Other', '', 0, 0, 0, 60);
    const [t] = await moduleNk.tournamentsGetId([id, 'missing']);
    assert.equal(t.id, id);
    assert.equal(t.authoritative, true);
    assert.equal(t.sortOrder, 'asc');
    assert.equal(t.operator, 'incr');
    assert.equal(t.resetSchedule, '0 0 * * *');
    assert.deepEqual(t.metadata, { s: 1 });
    assert.equal(t.enableRanks, false);
    assert.deepEqual(
      { ...t.tournament, startTime: t.tournament.startTime.getTime(), endTime: t.tournament.endTime!.getTime(), sizeExpiry: 0 },
      { title: 'T', description: 'D', category: 7, duration: 600, startTime: start * 1000, endTime: (start + 86400 * 3) * 1000,
        joinRequired: true, maxSize: 10, maxNumScore: 5, size: 0, sizeExpiry: 0 });
    const list = await moduleNk.tournamentList(7, 7, start, undefined, 100);
    assert.ok(list.tournaments.some((x) => x.id === id));
    // Plain leaderboards are not tournaments, and tournaments are not listed as leaderboards.
    assert.ok(!(await moduleNk.leaderboardList()).some((x) => x.id === id));
    await moduleNk.tournamentDelete(id);
    assert.deepEqual(await moduleNk.tournamentsGetId([id]), []);
    const bad: [unknown[], RegExp][] = [
      [[newId(), false, 'desc', 'best', null, {}, '', '', 128, 0, 0, 60], /Category/],
      [[newId(), false, 'desc', 'best', null, {}, '', '', 0, 0, 0, 0], /Duration/],
      [[newId(), false, 'desc', 'best', 'not cron', {}, '', '', 0, 0, 0, 60], /cron/],
      [[newId(), false, 'up', 'best', null, {}, '', '', 0, 0, 0, 60], /Sort order/],
      [[newId(), false, 'desc', 'max', null, {}, '', '', 0, 0, 0, 60], /Operator/],
      [[newId(), false, 'desc', 'best', null, {}, '', '', 0, start + 100, start + 50, 60], /End time must be after/],
      [[newId(), false, 'desc', 'best', null, {}, '', '', 0, 0, 0, 60, -1], /Max size/],
      [['', false, 'desc', 'best', null, {}, '', '', 0, 0, 0, 60], /Invalid leaderboard ID/],
    ];
    for (const [args, re] of bad) await assert.rejects((moduleNk.tournamentCreate as (...a: unknown[]) => Promise<void>)(...args), re);
    await assert.rejects(moduleNk.tournamentList(5, 4), /category end/);
    await assert.rejects(moduleNk.tournamentList(0, 127, 0, 0, 0), /limit/);
  });

  it('periods follow the reset schedule: active for duration, a join per period, size per period', async () => {
    const id = newId();
    const h = futureHour();
    await moduleNk.tournamentCreate(id, false, 'desc', 'best', '0 * * * *', {}, 'Hourly', '', 0, h / 1000, 0, 600, 2, 0, true);
    const { tournaments, leaderboards } = ts.app.core;
    const owner = crypto.randomUUID();
    const write = (score: number, now: Date) => leaderboards.write(id, owner, 'p', BigInt(score), 0n, undefined, undefined, true, now, 'tournament');

    // Before the start: the first period is shown, not yet active.
    let [t] = await tournaments.getIds([id], at(h - 60_000));
    assert.deepEqual([t.deadlines.startActive.getTime(), t.deadlines.endActive.getTime(), t.deadlines.expiry!.getTime(), t.canEnter],
      [h, h + 600_000, h + HOUR, false]);
    await assert.rejects(tournaments.join(id, owner, 'p', at(h - 60_000)), { message: NOT_ACTIVE_JOIN });

    await assert.rejects(write(1, at(h + 60_000)), { message: MUST_JOIN });
    await tournaments.join(id, owner, 'p', at(h + 60_000));
    await tournaments.join(id, owner, 'p', at(h + 120_000));
    [t] = await tournaments.getIds([id], at(h + 120_000));
    assert.deepEqual([t.size, t.canEnter, t.deadlines.prevReset!.getTime(), t.deadlines.nextReset!.getTime()], [1, true, h, h + HOUR]);
    const r = await write(50, at(h + 180_000));
    assert.equal(r.expiryTime!.getTime(), h + HOUR);

    // After duration the period takes nothing until the next reset.
    await assert.rejects(write(60, at(h + 700_000)), { message: NOT_ACTIVE_WRITE });
    await assert.rejects(tournaments.join(id, crypto.randomUUID(), null, at(h + 700_000)), { message: NOT_ACTIVE_JOIN });
    [t] = await tournaments.getIds([id], at(h + 700_000));
    assert.equal(t.canEnter, false);

    // The next period starts empty: size 0, and the owner joins again.
    [t] = await tournaments.getIds([id], at(h + HOUR + 1000));
    assert.deepEqual([t.size, t.canEnter, t.deadlines.startActive.getTime()], [0, true, h + HOUR]);
    await assert.rejects(write(1, at(h + HOUR + 1000)), { message: MUST_JOIN });
    await tournaments.join(id, owner, 'p', at(h + HOUR + 1000));
    assert.equal((await write(7, at(h + HOUR + 2000))).score, 7n);
    const now = await leaderboards.listRecords(id, [], 10, undefined, 0, at(h + HOUR + 3000), 'tournament');
    assert.deepEqual(now.records.map((x) => x.score), [7n]);
    const before = await leaderboards.listRecords(id, [], 10, undefined, (h + HOUR) / 1000, at(h + HOUR + 3000), 'tournament');
    assert.deepEqual(before.records.map((x) => x.score), [50n]);
  });

  it('without a reset schedule: one period from the start, cut by the end time', async () => {
    const id = newId();
    const h = futureHour();
    await moduleNk.tournamentCreate(id, false, 'desc', 'best', null, {}, '', '', 0, h / 1000, h / 1000 + 300, 600);
    const [t] = await ts.app.core.tournaments.getIds([id], at(h + 1000));
    assert.deepEqual([t.deadlines.startActive.getTime(), t.deadlines.endActive.getTime(), t.deadlines.expiry!.getTime(), t.deadlines.nextReset],
      [h, h + 300_000, h + 300_000, null]);
    const write = (now: Date) => ts.app.core.leaderboards.write(id, crypto.randomUUID(), null, 1n, 0n, undefined, undefined, false, now, 'tournament');
    assert.equal((await write(at(h + 299_000))).expiryTime!.getTime(), h + 300_000);
    await assert.rejects(write(at(h + 300_000)), { message: NOT_ACTIVE_WRITE });
  });

  it('runs reset hooks once per reset and the end hook once, across nodes', async () => {
    const id = newId();
    const h = futureHour();
    await moduleNk.tournamentCreate(id, false, 'desc', 'best', '0 * * * *', {}, 'Hooked', '', 0, h / 1000, h / 1000 + 3 * 3600, 600);
    const mineNode = ts.app.core.tournaments;
    const logger = (mineNode as unknown as { logger: Logger }).logger;
    // A second node's tournaments over the same database (its runner list is never started).
    const other = new Tournaments(ts.app.core.db, ts.app.core.leaderboards, logger, 'other-node');
    ts.app.core.leaderboards.deadlineRunners.pop();
    const otherCalls: string[] = [];
    other.onReset = async () => {
      otherCalls.push('reset');
    };
    other.onEnd = async () => {
      otherCalls.push('end');
    };
    for (const ms of [HOUR + 1000, HOUR + 2000, 2 * HOUR + 1000, 3 * HOUR + 1000, 3 * HOUR + 61_000]) {
      await mineNode.runDeadlines(at(h + ms));
      await other.runDeadlines(at(h + ms));
    }
    const mine = calls.filter((c) => c.id === id);
    const s = h / 1000;
    assert.deepEqual(mine, [
      { kind: 'reset', id, end: s + 600, reset: s + 3600, mode: 'tournament_reset', title: 'Hooked' },
      { kind: 'reset', id, end: s + 3600 + 600, reset: s + 7200, mode: 'tournament_reset', title: 'Hooked' },
      { kind: 'end', id, end: s + 3 * 3600, reset: s + 4 * 3600, mode: 'tournament_end', title: 'Hooked' },
    ]);
    assert.deepEqual(otherCalls, []);
    // Ended tournaments are no longer listed.
    assert.ok(!(await ts.app.core.tournaments.list(0, 127, undefined, undefined, 100, undefined, at(h + 3 * HOUR))).tournaments.some((x) => x.id === id));
  });

  it('writes, lists, finds around an owner, adds attempts and deletes records', async () => {
    const id = newId();
    await moduleNk.tournamentCreate(id, true, 'desc', 'best', null, {}, '', '', 0, 0, 0, 3600, 0, 1);
    const owners = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, o] of owners.entries()) await moduleNk.tournamentRecordWrite(id, o, `u${i}`, 10 * (i + 1), 0, { i });
    await assert.rejects(moduleNk.tournamentRecordWrite(id, owners[0], null, 99), /Reached allowed max number of score attempts/);
    await moduleNk.tournamentAddAttempt(id, owners[0], 1);
    const r = await moduleNk.tournamentRecordWrite(id, owners[0], null, 99, 0, null, 'set');
    assert.deepEqual([r.score, r.rank, r.numScore, r.maxNumScore], [99n, 1, 2, 2]);
    await assert.rejects(moduleNk.tournamentAddAttempt(id, owners[0], 0), /non-zero/);
    const list = await moduleNk.tournamentRecordsList(id, [owners[1]], 2);
    assert.deepEqual(list.records.map((x) => x.ownerId), [owners[0], owners[2]]);
    assert.equal(list.ownerRecords[0].rank, 3);
    assert.equal(list.rankCount, 3);
    const around = await moduleNk.tournamentRecordsHaystack(id, owners[2], 1);
    assert.deepEqual(around.records.map((x) => x.rank), [2]);
    await moduleNk.tournamentRecordDelete(id, owners[0]);
    assert.equal((await moduleNk.tournamentRecordsHaystack(id, owners[2], 1)).records[0].rank, 1);
    await assert.rejects(moduleNk.tournamentRecordWrite(id, 'nope', null, 1), /Invalid owner ID/);
    await assert.rejects(moduleNk.tournamentRecordWrite('missing', owners[0], null, 1), /Tournament not found/);
    await assert.rejects(moduleNk.tournamentJoin('missing', owners[0]), /Tournament not found/);
  });
});
