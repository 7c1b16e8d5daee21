// A round-robin tournament's schedule through generate_fixtures: five teams (byes), rounds and dates,
// home and away in turn, ordinary matches on the teams' pages, who may generate it, generating again
// before and after the first result, and a team leaving.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, type Any, type Portal } from '../testing.ts';
import { TOO_FEW_TEAMS } from './fixtures.ts';
import { enter, side, startLeaguePortal, tournament, type Side } from '../testing-league.ts';

let p: Portal;
let organizer: Session;
let sides: Side[];

const DAY = 86_400_000;
const START = '2031-04-05T15:30:00+03:00';

before(async () => {
  p = await startLeaguePortal();
  organizer = await p.registered();
  sides = [];
  for (let i = 0; i < 5; i++) sides.push(await side(p, 0));
});
after(() => p.close());

const generate = (t: string, more: object = {}, by = organizer) =>
  p.call(by, 'generate_fixtures', { tournament_id: t, start_time: START, interval_days: 7, ...more });

/** Each team's games in round order as 'H' or 'A'. */
function homeAway(matches: Any[], team: string): string {
  return matches
    .filter((m) => m.owner_team_id === team || m.guest_team_id === team)
    .sort((a, b) => a.round - b.round)
    .map((m) => (m.owner_team_id === team ? 'H' : 'A'))
    .join('');
}

async function league(): Promise<string> {
  const t = await tournament(p, organizer, 1);
  await enter(p, t, sides.map((s) => s.teamId));
  return t;
}

describe('generate_fixtures', () => {
  it('schedules five teams: every pair once, a bye each, rounds a week apart at the start’s time of day', async () => {
    const t = await league();
    const { matches, kept_pairings } = await generate(t);
    assert.equal(kept_pairings, false);
    assert.equal(matches.length, 10);
    const pairs = new Set(matches.map((m: Any) => [m.owner_team_id, m.guest_team_id].sort().join()));
    assert.equal(pairs.size, 10, 'every pair of five teams once');
    const rounds = Map.groupBy(matches as Any[], (m) => m.round);
    assert.deepEqual([...rounds.keys()], [1, 2, 3, 4, 5]);
    for (const [round, games] of rounds) {
      assert.equal(games.length, 2, 'two games a round, one team resting');
      const playing = new Set(games.flatMap((m) => [m.owner_team_id, m.guest_team_id]));
      assert.equal(playing.size, 4);
      for (const m of games) {
        assert.equal(new Date(m.match_time).getTime(), new Date(START).getTime() + (round - 1) * 7 * DAY);
        assert.deepEqual([m.tournament_id, m.result_state, m.creator_id], [t, 'none', organizer.user_id]);
      }
    }
    // With an odd count nobody plays two home or two away games in a row.
    for (const s of sides) assert.doesNotMatch(homeAway(matches, s.teamId), /HH|AA/);
    // Fixtures are ordinary matches: on each team's list of matches and answered by get_match.
    const { matches: ofTeam } = await p.call(organizer, 'list_matches', { team_id: sides[2].teamId, sort_order: 'asc' });
    assert.deepEqual(ofTeam.map((m: Any) => m.round), [1, 2, 3, 4, 5].filter((r) => ofTeam.some((m: Any) => m.round === r)));
    assert.equal(ofTeam.length, 4);
    assert.equal((await p.call(organizer, 'get_match', { id: matches[0].id })).round, 1);
    assert.deepEqual((await p.call(await p.guest(), 'list_tournament_matches', { tournament_id: t, round: 3 })).matches.map((m: Any) => m.id), rounds.get(3)!.map((m) => m.id));
  });

  it('plays every pairing home and away with double_round, never three home or away games in a row', async () => {
    const t = await league();
    const { matches } = await generate(t, { double_round: true, interval_days: 3 });
    assert.equal(matches.length, 20);
    const legs = new Map<string, string[]>();
    for (const m of matches) legs.set([m.owner_team_id, m.guest_team_id].sort().join(), [...(legs.get([m.owner_team_id, m.guest_team_id].sort().join()) ?? []), m.owner_team_id]);
    for (const homes of legs.values()) assert.equal(new Set(homes).size, 2, 'each side at home once');
    for (const s of sides) assert.doesNotMatch(homeAway(matches, s.teamId), /HHH|AAA/);
    assert.equal(new Date(matches.at(-1).match_time).getTime(), new Date(START).getTime() + 9 * 3 * DAY);
  });

  it('is the creator’s, for a live round-robin tournament with two teams or more', async () => {
    const t = await league();
    await failsWithCode(generate(t, {}, sides[0].owner), Code.Denied, 'Расписание и сетку турнира составляет только его создатель.');
    await failsWithCode(generate(t, { interval_days: 0 }), Code.Invalid, 'Интервал между турами (дней): ожидалось целое число дней от 1 до 365.');
    await failsWithCode(generate(t, { start_time: '2031-04-05T15:30' }), Code.Invalid, /^Время начала: /);
    const cup = await tournament(p, organizer, 0);
    await failsWithCode(generate(cup), Code.Precondition, 'Расписание по круговой системе строится только для кругового турнира.');
    const lonely = await tournament(p, organizer, 1);
    await enter(p, lonely, [sides[0].teamId]);
    await failsWithCode(generate(lonely), Code.Invalid, TOO_FEW_TEAMS);
    await p.call(organizer, 'delete_tournament', { id: t });
    await failsWithCode(generate(t), Code.Precondition, 'Турнир удалён.');
  });

  it('replaces the schedule until a fixture has a result; then moves only the fixtures without one', async () => {
    const t = await league();
    const first = (await generate(t)).matches;
    const again = await generate(t, { start_time: '2031-05-01T12:00:00Z' });
    assert.equal(again.kept_pairings, false);
    assert.equal(again.matches.length, 10);
    assert.ok(again.matches.every((m: Any) => !first.some((f: Any) => f.id === m.id)), 'a new schedule');
    for (const id of first.map((m: Any) => m.id).slice(0, 2)) await failsWithCode(p.call(organizer, 'get_match', { id }), Code.NotFound);

    // A result reported: generating again keeps the pairings and the played fixture's date.
    const played = again.matches[0];
    const reporter = sides.find((s) => s.teamId === played.owner_team_id)!;
    await p.call(reporter.owner, 'set_match_result', { match_id: played.id, home_score: 2, guest_score: 2 });
    const moved = await generate(t, { start_time: '2031-06-01T10:00:00Z', interval_days: 14, double_round: true });
    assert.equal(moved.kept_pairings, true);
    assert.deepEqual(moved.matches.map((m: Any) => m.id).sort(), again.matches.map((m: Any) => m.id).sort(), 'the same fixtures, no second leg');
    for (const m of moved.matches) {
      const expected = m.id === played.id ? played.match_time : new Date(Date.parse('2031-06-01T10:00:00Z') + (m.round - 1) * 14 * DAY).toISOString();
      assert.equal(m.match_time, expected);
    }
  });

  it('drops the unplayed fixtures of a team that leaves; its played ones stay on record', async () => {
    const t = await league();
    const { matches } = await generate(t);
    const leaver = sides[4];
    const theirs = matches.filter((m: Any) => m.owner_team_id === leaver.teamId || m.guest_team_id === leaver.teamId);
    const played = theirs[0];
    const manager = sides.find((s) => s.teamId === played.owner_team_id)!;
    await p.call(manager.owner, 'set_match_result', { match_id: played.id, home_score: 1, guest_score: 0 });
    const { team_tournaments } = await p.call(organizer, 'list_team_tournaments', { tournament_id: t, limit: 10 });
    const link = team_tournaments.find((l: Any) => l.team_id === leaver.teamId);
    await p.call(organizer, 'delete_team_tournament', { id: link.id });
    const left = (await p.call(organizer, 'list_tournament_matches', { tournament_id: t })).matches;
    assert.equal(left.length, 10 - theirs.length + 1);
    assert.deepEqual(left.filter((m: Any) => m.owner_team_id === leaver.teamId || m.guest_team_id === leaver.teamId).map((m: Any) => m.id), [played.id]);
    // The table has four teams: the leaver's result counts for nobody.
    const { standings } = await p.call(organizer, 'get_standings', { tournament_id: t });
    assert.equal(standings.length, 4);
    assert.ok(standings.every((r: Any) => r.played === 0));
  });
});
