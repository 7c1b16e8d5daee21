// The cup bracket over our storage: byes for counts that are not a power of two, advancement, the
// third-place match, penalty shoot-outs, and corrections that change a winner.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Db } from '@tribuna/server';
import { appErrorOf, startTestServer, type TestServer } from '@tribuna/server/testing';
import { Code } from '../testing.ts';
import {
  BAD_SCORE, BRACKET_DUPLICATE, BRACKET_HAS_RESULTS, BRACKET_TOO_FEW, createBracket, getBracket, LATER_RESULTS, PENALTIES_DRAWN, PENALTIES_NEEDED, PENALTIES_NOT_DRAWN, reportWinner,
  SLOT_BYE, SLOT_NOT_FOUND, SLOT_NOT_READY, THIRD_PLACE_TOO_FEW, type Bracket, type BracketMatch, type CupScore,
} from './bracket.ts';

let ts: TestServer;
let db: Db;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  db = ts.app.nk.db;
});
after(() => ts.close());

async function newTournament(): Promise<string> {
  const id = crypto.randomUUID();
  await db.execute("INSERT INTO tournament (id, title, tournament_type, start_time, creator_id) VALUES ($1, 'Кубок города', 0, now(), $2)", [
    id,
    crypto.randomUUID(),
  ]);
  return id;
}

/** Teams s1..sN, named by their seed. */
const seeds = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const create = (t: string, ids: string[], thirdPlace = false) => db.tx((q) => createBracket(q, t, ids, { thirdPlace }));
const report = (t: string, slot: number, score: CupScore, force = false) => db.tx((q) => reportWinner(q, t, slot, score, { force }));
const win = (t: string, slot: number) => report(t, slot, { homeScore: 2, guestScore: 0 });
const bracket = async (t: string) => (await getBracket(db, t))!;
const pairs = (b: Bracket, round: number) => b.rounds[round - 1].matches.map((m) => `${m.home_team_id ?? '—'}:${m.guest_team_id ?? '—'}`);
const find = (b: Bracket, team: string, round: number): BracketMatch =>
  b.rounds[round - 1].matches.find((m) => !m.third_place && (m.home_team_id === team || m.guest_team_id === team))!;

/** Plays every match that is ready, round by round, the home side winning 1:0. */
async function playAll(t: string): Promise<Bracket> {
  for (;;) {
    const b = await bracket(t);
    const ready = b.rounds.flatMap((r) => r.matches).filter((m) => !m.bye && !m.winner_team_id && m.home_team_id && m.guest_team_id);
    if (ready.length === 0) return b;
    for (const m of ready) await report(t, m.slot, { homeScore: 1, guestScore: 0 });
  }
}

describe('createBracket', () => {
  it('pairs the standard way (1 v 8, 4 v 5, 2 v 7, 3 v 6) with no byes for 8 teams', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(8));
    assert.deepEqual(b.rounds.map((r) => [r.round, r.matches.length]), [[1, 4], [2, 2], [3, 1]]);
    assert.deepEqual(pairs(b, 1), ['s1:s8', 's4:s5', 's2:s7', 's3:s6']);
    assert.ok(b.rounds.flatMap((r) => r.matches).every((m) => !m.bye && !m.third_place && m.winner_team_id === null));
  });

  for (const n of [2, 3, 5, 6, 13]) {
    it(`gives the top seeds the byes with ${n} teams, and moves them on at once`, async () => {
      const t = await newTournament();
      const b = await create(t, seeds(n));
      const size = 2 ** Math.ceil(Math.log2(n));
      assert.equal(b.rounds.length, Math.log2(size));
      const first = b.rounds[0].matches;
      assert.equal(first.length, size / 2);
      // Everyone once in the first round; the byes are seeds 1..size−n.
      const inFirst = first.flatMap((m) => [m.home_team_id, m.guest_team_id]).filter((x) => x !== null);
      assert.deepEqual([...inFirst].sort(), [...seeds(n)].sort());
      const byes = first.filter((m) => m.bye);
      assert.deepEqual(byes.map((m) => m.winner_team_id).sort(), seeds(size - n).sort());
      // Each of them already stands in its second-round match.
      for (const m of byes) assert.ok(find(b, m.winner_team_id!, 2), `${m.winner_team_id} waits in round 2`);
      // The bracket plays out to one winner.
      const done = await playAll(t);
      assert.ok(done.rounds.at(-1)!.matches[0].winner_team_id);
    });
  }

  it('pairs 13 teams as a 16-team bracket: 1, 2 and 3 rest, 8 v 9, 4 v 13, 5 v 12, …', async () => {
    const t = await newTournament();
    assert.deepEqual(pairs(await create(t, seeds(13)), 1), ['s1:—', 's8:s9', 's4:s13', 's5:s12', 's2:—', 's7:s10', 's3:—', 's6:s11']);
  });

  it('adds a third-place match for the semi-final losers, in the final round', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(4), true);
    assert.deepEqual(b.rounds.map((r) => r.matches.map((m) => m.third_place)), [[false, false], [false, true]]);
    for (const m of b.rounds[0].matches) await win(t, m.slot);
    const after = await bracket(t);
    const [final, third] = after.rounds[1].matches;
    assert.deepEqual([final.home_team_id, final.guest_team_id], ['s1', 's2']);
    assert.deepEqual([third.home_team_id, third.guest_team_id], ['s4', 's3']);
    await report(t, third.slot, { homeScore: 0, guestScore: 3 });
    assert.equal((await bracket(t)).rounds[1].matches[1].winner_team_id, 's3');
  });

  it('plays a third-place match after byes (5 teams)', async () => {
    const t = await newTournament();
    await create(t, seeds(5), true);
    const b = await playAll(t);
    const [final, third] = b.rounds.at(-1)!.matches;
    assert.equal(final.winner_team_id, 's1');
    assert.ok(third.third_place && !third.bye && third.winner_team_id);
  });

  it('refuses a third-place match with fewer than four teams, one team, a team twice, an unknown tournament', async () => {
    const t = await newTournament();
    for (const [ids, thirdPlace, message] of [
      [seeds(3), true, THIRD_PLACE_TOO_FEW],
      [seeds(1), false, BRACKET_TOO_FEW],
      [['s1', 's2', 's1'], false, BRACKET_DUPLICATE],
    ] as const) {
      const e = await appErrorOf(create(t, [...ids], thirdPlace));
      assert.deepEqual([e.code, e.message], [Code.Invalid, message]);
    }
    assert.equal((await appErrorOf(create(crypto.randomUUID(), seeds(4)))).code, Code.NotFound);
  });

  it('builds again until the first result, and then refuses', async () => {
    const t = await newTournament();
    await create(t, seeds(4));
    const again = await create(t, ['s4', 's3', 's2', 's1']);
    assert.deepEqual(pairs(again, 1), ['s4:s1', 's3:s2']);
    await win(t, again.rounds[0].matches[0].slot);
    const e = await appErrorOf(create(t, seeds(4)));
    assert.equal(e.code, Code.Precondition);
    assert.equal(e.message, BRACKET_HAS_RESULTS);
    assert.equal(await getBracket(db, await newTournament()), null, 'no bracket yet');
  });
});

describe('reportWinner', () => {
  it('advances the winner into the right side of the next match', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(8));
    const [m1, m2] = b.rounds[0].matches;
    const out = await report(t, m1.slot, { homeScore: 0, guestScore: 1 });
    assert.deepEqual(out, { winner_team_id: 's8', cleared: [] });
    await report(t, m2.slot, { homeScore: 3, guestScore: 2 });
    const next = (await bracket(t)).rounds[1].matches[0];
    assert.deepEqual([next.home_team_id, next.guest_team_id, next.winner_team_id], ['s8', 's4', null]);
    const played = (await bracket(t)).rounds[0].matches[0];
    assert.deepEqual([played.home_score, played.guest_score, played.winner_team_id], [0, 1, 's8']);
  });

  it('decides a drawn match by the penalty shoot-out, and requires one', async () => {
    const t = await newTournament();
    const slot = (await create(t, seeds(2))).rounds[0].matches[0].slot;
    const refused = async (score: CupScore, message: string) => {
      const e = await appErrorOf(report(t, slot, score));
      assert.equal(e.code, Code.Invalid);
      assert.equal(e.message, message);
    };
    await refused({ homeScore: 1, guestScore: 1 }, PENALTIES_NEEDED);
    await refused({ homeScore: 1, guestScore: 1, homePenalties: 4, guestPenalties: 4 }, PENALTIES_DRAWN);
    await refused({ homeScore: 2, guestScore: 1, homePenalties: 4, guestPenalties: 3 }, PENALTIES_NOT_DRAWN);
    await refused({ homeScore: -1, guestScore: 0 }, BAD_SCORE);
    await refused({ homeScore: 1.5, guestScore: 0 }, BAD_SCORE);
    await refused({ homeScore: 0, guestScore: 0, homePenalties: 5, guestPenalties: -1 }, BAD_SCORE);

    assert.deepEqual(await report(t, slot, { homeScore: 1, guestScore: 1, homePenalties: 4, guestPenalties: 5 }), { winner_team_id: 's2', cleared: [] });
    const m = (await bracket(t)).rounds[0].matches[0];
    assert.deepEqual([m.home_score, m.guest_score, m.home_penalties, m.guest_penalties, m.winner_team_id], [1, 1, 4, 5, 's2']);
    // A correction to a plain win drops the shoot-out.
    await report(t, slot, { homeScore: 2, guestScore: 1 });
    const fixed = (await bracket(t)).rounds[0].matches[0];
    assert.deepEqual([fixed.home_penalties, fixed.guest_penalties, fixed.winner_team_id], [null, null, 's1']);
  });

  it('refuses a bye, a match whose teams are not known yet, and an unknown slot', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(3));
    const bye = b.rounds[0].matches.find((m) => m.bye)!;
    const fail = async (slot: number, code: number, message: string) => {
      const e = await appErrorOf(win(t, slot));
      assert.deepEqual([e.code, e.message], [code, message]);
    };
    await fail(bye.slot, Code.Precondition, SLOT_BYE);
    await fail(b.rounds[1].matches[0].slot, Code.Precondition, SLOT_NOT_READY);
    await fail(999, Code.NotFound, SLOT_NOT_FOUND);
  });

  it('corrects a score with the same winner even after the next round is played', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(4));
    const [a, c] = b.rounds[0].matches;
    await win(t, a.slot);
    await win(t, c.slot);
    await win(t, b.rounds[1].matches[0].slot);
    assert.deepEqual(await report(t, a.slot, { homeScore: 5, guestScore: 4 }), { winner_team_id: 's1', cleared: [] });
    const now = await bracket(t);
    assert.deepEqual([now.rounds[0].matches[0].home_score, now.rounds[0].matches[0].guest_score], [5, 4]);
    assert.equal(now.rounds[1].matches[0].winner_team_id, 's1');
  });

  it('changes a winner whose next match has no result: the new winner takes the place', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(8));
    const first = b.rounds[0].matches[0];
    await win(t, first.slot);
    await win(t, b.rounds[0].matches[1].slot);
    assert.equal(find(await bracket(t), 's1', 2).home_team_id, 's1');
    assert.deepEqual(await report(t, first.slot, { homeScore: 0, guestScore: 2 }), { winner_team_id: 's8', cleared: [] });
    const next = (await bracket(t)).rounds[1].matches[0];
    assert.deepEqual([next.home_team_id, next.guest_team_id], ['s8', 's4']);
    await win(t, next.slot);
    assert.equal((await bracket(t)).rounds[1].matches[0].winner_team_id, 's8');
  });

  it('refuses to change a winner whose later match has a result, unless forced: then clears the later results', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(8), true);
    for (const m of b.rounds[0].matches) await win(t, m.slot); // s1, s4, s2, s3 go on
    const [semi1, semi2] = (await bracket(t)).rounds[1].matches;
    await win(t, semi1.slot); // s1 beats s4
    await win(t, semi2.slot); // s2 beats s3
    const [final, third] = (await bracket(t)).rounds[2].matches;
    await report(t, third.slot, { homeScore: 2, guestScore: 2, homePenalties: 3, guestPenalties: 1 }); // s4 third
    await win(t, final.slot); // s1 wins the cup

    // s8 should have beaten s1 in the first round: s1 has played two more matches since.
    const first = b.rounds[0].matches[0];
    const e = await appErrorOf(report(t, first.slot, { homeScore: 0, guestScore: 1 }));
    assert.deepEqual([e.code, e.message], [Code.Precondition, LATER_RESULTS]);
    assert.equal((await bracket(t)).rounds[0].matches[0].winner_team_id, 's1', 'the refusal changes nothing');

    // Forced: the final (s1's), the third-place match (s4's, as the semi-final's loser) and the semi-final
    // are cleared, the latest first; s8 takes s1's place in the semi-final.
    const out = await report(t, first.slot, { homeScore: 0, guestScore: 1 }, true);
    assert.equal(out.winner_team_id, 's8');
    assert.deepEqual(new Set(out.cleared), new Set([final.slot, third.slot, semi1.slot]));
    assert.equal(out.cleared.at(-1), semi1.slot);
    const now = await bracket(t);
    const semi = now.rounds[1].matches[0];
    assert.deepEqual([semi.home_team_id, semi.guest_team_id, semi.winner_team_id, semi.home_score], ['s8', 's4', null, null]);
    const [f, th] = now.rounds[2].matches;
    assert.deepEqual([f.home_team_id, f.guest_team_id, f.winner_team_id, f.home_score], [null, 's2', null, null]);
    assert.deepEqual([th.home_team_id, th.guest_team_id, th.winner_team_id, th.home_penalties], [null, 's3', null, null]);
    // The other semi-final keeps its result, and the bracket plays on.
    assert.equal(now.rounds[1].matches[1].winner_team_id, 's2');
    await report(t, semi.slot, { homeScore: 1, guestScore: 3 });
    const replayed = await bracket(t);
    assert.deepEqual([replayed.rounds[2].matches[0].home_team_id, replayed.rounds[2].matches[1].home_team_id], ['s4', 's8']);
  });

  it('changes a semi-final winner: the old winner drops to the third-place match, the new one goes to the final', async () => {
    const t = await newTournament();
    const b = await create(t, seeds(4), true);
    const [semi1, semi2] = b.rounds[0].matches;
    await win(t, semi1.slot);
    await win(t, semi2.slot);
    await report(t, semi1.slot, { homeScore: 0, guestScore: 1 });
    const [final, third] = (await bracket(t)).rounds[1].matches;
    assert.deepEqual([final.home_team_id, final.guest_team_id], ['s4', 's2']);
    assert.deepEqual([third.home_team_id, third.guest_team_id], ['s1', 's3']);
    // With the third-place match played, the same change needs force, and clears it.
    await win(t, third.slot);
    assert.equal((await appErrorOf(report(t, semi1.slot, { homeScore: 1, guestScore: 0 }))).message, LATER_RESULTS);
    assert.deepEqual((await report(t, semi1.slot, { homeScore: 1, guestScore: 0 }, true)).cleared, [third.slot]);
  });
});
