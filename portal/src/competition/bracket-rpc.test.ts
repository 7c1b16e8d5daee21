// A cup through the RPCs: six teams seeded by rating (two byes), a match for each ready slot, confirmed
// results moving winners on to the final and the third-place match, drawn matches decided by penalties,
// and the creator's correction that changes a winner after later matches were played.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, type Any, type Portal } from '../testing.ts';
import { BRACKET_HAS_RESULTS, LATER_RESULTS, PENALTIES_NEEDED } from './bracket.ts';
import { enter, side, startLeaguePortal, tournament, type Side } from '../testing-league.ts';

let p: Portal;
let organizer: Session;
let sides: Side[];
/** Team id → its side; seeds by rating: sides[0] is seed 1. */
const byTeam = new Map<string, Side>();

before(async () => {
  p = await startLeaguePortal();
  organizer = await p.registered();
  sides = [];
  for (let i = 0; i < 6; i++) {
    const s = await side(p, 1, `Команда ${i + 1}`);
    await p.ts.app.nk.db.execute('UPDATE team SET rating = $2 WHERE id = $1', [s.teamId, 100 - i]);
    sides.push(s);
    byTeam.set(s.teamId, s);
  }
});
after(() => p.close());

const START = '2031-09-06T12:00:00Z';
const bracket = async (t: string) => (await p.call(await p.guest(), 'get_bracket', { tournament_id: t })).rounds;
const name = (team: string | null) => (team ? byTeam.get(team)!.name.replace('Команда ', 's') : '—');
const pairs = (round: Any) => round.matches.map((m: Any) => `${name(m.home_team_id)}:${name(m.guest_team_id)}`);

/** The home side's manager reports the score and the guests' confirms it. */
async function play(matchId: string, home: number, guest: number, penalties: object = {}): Promise<void> {
  const m = await p.call(organizer, 'get_match', { id: matchId });
  await p.call(byTeam.get(m.owner_team_id)!.owner, 'set_match_result', { match_id: matchId, home_score: home, guest_score: guest, ...penalties });
  await p.call(byTeam.get(m.guest_team_id)!.owner, 'confirm_match_result', { match_id: matchId });
}

async function cup(thirdPlace: boolean): Promise<string> {
  const t = await tournament(p, organizer, 0);
  // Joined in reverse: the rating, not the order, seeds them.
  await enter(p, t, [...sides].reverse().map((s) => s.teamId));
  const b = await p.call(organizer, 'generate_bracket', { tournament_id: t, seeding: 'rating', third_place: thirdPlace, start_time: START });
  assert.deepEqual(b.rounds, await bracket(t));
  return t;
}

describe('a cup of six teams', () => {
  it('gives the two top seeds byes, a match to each ready slot, and plays out to a winner and a third place', async () => {
    const t = await cup(true);
    let rounds = await bracket(t);
    assert.deepEqual(rounds.map((r: Any) => r.round), [1, 2, 3]);
    assert.deepEqual(pairs(rounds[0]), ['s1:—', 's4:s5', 's2:—', 's3:s6']);
    const first = rounds[0].matches;
    assert.deepEqual(first.map((m: Any) => m.bye), [true, false, true, false]);
    assert.deepEqual(first.filter((m: Any) => m.bye).map((m: Any) => [name(m.winner_team_id), m.match_id]), [['s1', null], ['s2', null]]);
    // Matches for the two real first-round slots, at the start, in the tournament's round 1 (matches at
    // one time are listed by id, so they are compared in slot order).
    const matches = (await p.call(organizer, 'list_tournament_matches', { tournament_id: t })).matches;
    const bySlot = matches.map((m: Any) => [m.round, m.bracket_slot, m.match_time]).sort((x: Any, y: Any) => x[1] - y[1]);
    assert.deepEqual(bySlot, first.filter((m: Any) => !m.bye).map((m: Any) => [1, m.slot, '2031-09-06T12:00:00.000Z']));
    assert.deepEqual(rounds[1].matches.map((m: Any) => m.match_id), [null, null], 'semi-finals wait for their second team');

    // s5 beats s4 away; a drawn s3 – s6 needs penalties, and s3 wins them.
    await play(first[1].match_id, 0, 1);
    const drawn = first[3].match_id;
    await failsWithCode(p.call(sides[2].owner, 'set_match_result', { match_id: drawn, home_score: 1, guest_score: 1 }), Code.Invalid, PENALTIES_NEEDED);
    await failsWithCode(
      p.call(sides[2].owner, 'set_match_result', { match_id: drawn, home_score: 2, guest_score: 1, home_penalties: 5, guest_penalties: 4 }),
      Code.Invalid,
      'Серия пенальти бывает только после ничьей.',
    );
    await play(drawn, 1, 1, { home_penalties: 5, guest_penalties: 4 });
    rounds = await bracket(t);
    assert.deepEqual(rounds[0].matches.map((m: Any) => name(m.winner_team_id)), ['s1', 's5', 's2', 's3']);
    assert.deepEqual([rounds[0].matches[3].home_penalties, rounds[0].matches[3].guest_penalties], [5, 4]);
    assert.deepEqual(pairs(rounds[1]), ['s1:s5', 's2:s3']);
    const semis = rounds[1].matches;
    for (const m of semis) {
      const match = await p.call(organizer, 'get_match', { id: m.match_id });
      assert.deepEqual([match.round, match.bracket_slot, match.match_time], [2, m.slot, '2031-09-13T12:00:00.000Z'], 'a week after the first round');
    }
    // Building it again is refused once a result exists.
    await failsWithCode(p.call(organizer, 'generate_bracket', { tournament_id: t }), Code.Precondition, BRACKET_HAS_RESULTS);

    await play(semis[0].match_id, 3, 0);
    await play(semis[1].match_id, 0, 2);
    rounds = await bracket(t);
    const [final, third] = rounds[2].matches;
    assert.deepEqual([pairs(rounds[2]), final.third_place, third.third_place], [['s1:s3', 's5:s2'], false, true]);
    await play(final.match_id, 2, 1);
    await play(third.match_id, 0, 0, { home_penalties: 3, guest_penalties: 4 });
    rounds = await bracket(t);
    assert.deepEqual(rounds[2].matches.map((m: Any) => name(m.winner_team_id)), ['s1', 's2']);
  });

  it('follows the creator’s correction of a winner, which needs force once later matches were played', async () => {
    const t = await cup(false);
    let rounds = await bracket(t);
    await play(rounds[0].matches[1].match_id, 2, 0); // s4 beats s5
    await play(rounds[0].matches[3].match_id, 2, 0); // s3 beats s6
    rounds = await bracket(t);
    const semi = rounds[1].matches[0]; // s1 – s4
    await play(semi.match_id, 1, 0);
    const scorer = sides[0].players[0];
    await p.call(sides[0].owner, 'add_match_event', { match_id: semi.match_id, minute: 10, type: 'goal', team_id: sides[0].teamId, player_id: scorer });
    assert.equal((await p.call(organizer, 'get_player', { id: scorer })).goals, 1);

    // s5 should have won the first-round match: s4 has played the semi-final since.
    const firstRound = rounds[0].matches[1].match_id;
    await failsWithCode(p.call(sides[3].owner, 'set_match_result', { match_id: firstRound, home_score: 0, guest_score: 1 }), Code.Precondition);
    await failsWithCode(p.call(organizer, 'set_match_result', { match_id: firstRound, home_score: 0, guest_score: 1 }), Code.Precondition, LATER_RESULTS);
    const corrected = await p.call(organizer, 'set_match_result', { match_id: firstRound, home_score: 0, guest_score: 1, force: true });
    assert.equal(corrected.result_state, 'confirmed');
    rounds = await bracket(t);
    assert.equal(name(rounds[0].matches[1].winner_team_id), 's5');
    // The semi-final keeps its match, now s1 – s5, its result cleared and s4's events gone; s1's stay.
    const now = rounds[1].matches[0];
    assert.deepEqual([pairs(rounds[1])[0], now.winner_team_id, now.match_id], ['s1:s5', null, semi.match_id]);
    const match = await p.call(organizer, 'get_match', { id: semi.match_id });
    assert.deepEqual([match.result_state, match.home_score, match.guest_team_id], ['none', undefined, sides[4].teamId]);
    assert.equal((await p.call(organizer, 'list_match_events', { match_id: semi.match_id })).events.length, 1);
    assert.equal((await p.call(organizer, 'get_player', { id: scorer })).goals, 0, 'the semi-final no longer counts');
    await play(semi.match_id, 0, 2);
    assert.equal(name((await bracket(t))[1].matches[0].winner_team_id), 's5');
  });

  it('is built by the creator of a cup only, seeded as asked', async () => {
    const t = await tournament(p, organizer, 0);
    await enter(p, t, sides.slice(0, 4).map((s) => s.teamId));
    await failsWithCode(p.call(sides[0].owner, 'generate_bracket', { tournament_id: t }), Code.Denied);
    await failsWithCode(p.call(organizer, 'generate_bracket', { tournament_id: t, seeding: 'best' }), Code.Invalid, /^Посев: /);
    const league = await tournament(p, organizer, 1);
    await failsWithCode(p.call(organizer, 'generate_bracket', { tournament_id: league }), Code.Precondition, 'Сетка строится только для кубкового турнира.');
    const ordered = await p.call(organizer, 'generate_bracket', { tournament_id: t, seeding: 'order' });
    assert.deepEqual(pairs(ordered.rounds[0]), ['s1:s4', 's2:s3']);
    // Built again before any result: the old matches make way for the new ones.
    const old = ordered.rounds[0].matches.map((m: Any) => m.match_id);
    const drawn = await p.call(organizer, 'generate_bracket', { tournament_id: t, seeding: 'random' });
    assert.equal(drawn.rounds[0].matches.length, 2);
    for (const id of old) await failsWithCode(p.call(organizer, 'get_match', { id }), Code.NotFound);
    assert.deepEqual(await bracket(await tournament(p, organizer, 0)), []);
  });
});
