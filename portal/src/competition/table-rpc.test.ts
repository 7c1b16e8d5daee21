// Tables, scorers and players' career totals, counted from confirmed results and the events of confirmed
// matches: cards placing teams level on everything else, scorers in order, totals that follow every
// confirmation, correction and event, and equal a recount from the events however they got there.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, type Any, type Portal } from '../testing.ts';
import { enter, friendly, side, startLeaguePortal, tournament, type Side } from '../testing-league.ts';

let p: Portal;
let organizer: Session;
let a: Side;
let b: Side;
let c: Side;
let t: string;
/** Match ids by pairing: 'ab' is a at home to b. */
const games = new Map<string, string>();

before(async () => {
  p = await startLeaguePortal();
  organizer = await p.registered();
  [a, b, c] = [await side(p, 3, 'Альфа'), await side(p, 3, 'Бета'), await side(p, 3, 'Гамма')];
  t = await tournament(p, organizer, 1);
  await enter(p, t, [a.teamId, b.teamId, c.teamId]);
  const { matches } = await p.call(organizer, 'generate_fixtures', { tournament_id: t, start_time: '2031-04-05T12:00:00Z', interval_days: 7 });
  const letter = new Map([[a.teamId, 'a'], [b.teamId, 'b'], [c.teamId, 'c']]);
  for (const m of matches) games.set(letter.get(m.owner_team_id)! + letter.get(m.guest_team_id)!, m.id);
});
after(() => p.close());

/** The match between two sides, whichever is at home, with the sides in home-guest order. */
function game(x: Side, y: Side): { id: string; home: Side; guest: Side } {
  const l = (s: Side) => (s === a ? 'a' : s === b ? 'b' : 'c');
  const id = games.get(l(x) + l(y));
  return id ? { id, home: x, guest: y } : { id: games.get(l(y) + l(x))!, home: y, guest: x };
}

const event = (s: Side, matchId: string, input: object) => p.call(s.owner, 'add_match_event', { match_id: matchId, team_id: s.teamId, ...input });
const enterResult = (matchId: string, home: number, guest: number) => p.call(organizer, 'set_match_result', { match_id: matchId, home_score: home, guest_score: guest });
const table = async () => (await p.call(await p.guest(), 'get_standings', { tournament_id: t })).standings;
const scorers = async (limit?: number) => (await p.call(await p.guest(), 'list_top_scorers', { tournament_id: t, limit })).scorers;
const player = (id: string) => p.call(organizer, 'get_player', { id });

/** Every player's totals as stored, and as counted afresh from the events of confirmed matches. */
async function storedAndRecounted(): Promise<[Any[], Any[]]> {
  const db = p.ts.app.nk.db;
  const stored = await db.query('SELECT id, goals, assists, matches, yellow, red FROM player ORDER BY id');
  const recounted = await db.query(
    `SELECT pl.id,
       (SELECT count(*) FROM match_event e JOIN match m ON m.id = e.match_id WHERE m.result_state = 'confirmed' AND e.player_id = pl.id AND e.type IN ('goal', 'penalty_goal'))::int AS goals,
       (SELECT count(*) FROM match_event e JOIN match m ON m.id = e.match_id WHERE m.result_state = 'confirmed' AND e.assist_player_id = pl.id)::int AS assists,
       (SELECT count(DISTINCT m.id) FROM match_event e JOIN match m ON m.id = e.match_id
          WHERE m.result_state = 'confirmed' AND pl.id IN (e.player_id, e.assist_player_id, e.player_out_id))::int AS matches,
       (SELECT count(*) FROM match_event e JOIN match m ON m.id = e.match_id WHERE m.result_state = 'confirmed' AND e.player_id = pl.id AND e.type = 'yellow')::int AS yellow,
       (SELECT count(*) FROM match_event e JOIN match m ON m.id = e.match_id WHERE m.result_state = 'confirmed' AND e.player_id = pl.id AND e.type = 'red')::int AS red
     FROM player pl ORDER BY pl.id`,
  );
  return [stored, recounted];
}

describe('standings, scorers and career totals', () => {
  it('count only confirmed matches, and follow confirmation, events and correction', async () => {
    const ab = game(a, b);
    const [a1, a2, a3] = a.players;
    // a beats b 2:1: a1 scores twice (a2 assists once), b's own goal is not b's player's goal, b1 booked.
    await event(a, ab.id, { minute: 10, type: 'goal', player_id: a1, assist_player_id: a2 });
    await event(a, ab.id, { minute: 55, type: 'penalty_goal', player_id: a1 });
    await event(b, ab.id, { minute: 70, type: 'own_goal', player_id: b.players[0] });
    await event(b, ab.id, { minute: 80, type: 'yellow', player_id: b.players[1] });
    await event(a, ab.id, { minute: 85, type: 'sub', player_id: a3, player_out_id: a2 });
    // Reported only: nothing counts yet.
    await p.call(ab.home.owner, 'set_match_result', { match_id: ab.id, home_score: ab.home === a ? 2 : 1, guest_score: ab.home === a ? 1 : 2 });
    assert.deepEqual(await scorers(), []);
    assert.equal((await player(a1)).goals, 0);
    assert.ok((await table()).every((r: Any) => r.played === 0));

    await p.call(ab.guest.owner, 'confirm_match_result', { match_id: ab.id });
    const top = await scorers();
    assert.deepEqual(
      top.map((s: Any) => [s.name, s.team_id, s.goals, s.assists, s.appearances, s.yellow, s.red]),
      [
        ['Игрок1 Альфа', a.teamId, 2, 0, 1, 0, 0],
        ['Игрок2 Альфа', a.teamId, 0, 1, 1, 0, 0],
        ['Игрок3 Альфа', a.teamId, 0, 0, 1, 0, 0],
        ['Игрок1 Бета', b.teamId, 0, 0, 1, 0, 0],
        ['Игрок2 Бета', b.teamId, 0, 0, 1, 1, 0],
      ],
    );
    assert.equal((await scorers(2)).length, 2);
    const career = await player(a1);
    assert.deepEqual([career.goals, career.assists, career.matches, career.yellow, career.red], [2, 0, 1, 0, 0]);
    assert.deepEqual(
      (await p.call(organizer, 'list_players', { min_goals: 1, ids: [a1, a2, a3] })).players.map((x: Any) => x.id),
      [a1],
      'list_players filters by the counted goals',
    );
    assert.deepEqual((await table()).map((r: Any) => [r.team_id, r.points]), [[a.teamId, 3], [c.teamId, 0], [b.teamId, 0]]);

    // An event added to the confirmed match counts at once; its deletion too.
    const red = await event(b, ab.id, { minute: 89, type: 'red', player_id: b.players[2] });
    assert.equal((await player(b.players[2])).red, 1);
    await p.call(b.owner, 'delete_match_event', { id: red.id });
    assert.equal((await player(b.players[2])).red, 0);

    // The creator corrects the result: the table follows, the players' numbers stay (the events did not change).
    await enterResult(ab.id, ab.home === a ? 1 : 3, ab.home === a ? 3 : 1);
    assert.deepEqual((await table()).map((r: Any) => [r.team_id, r.points]), [[b.teamId, 3], [c.teamId, 0], [a.teamId, 0]]);
    assert.equal((await player(a1)).goals, 2);
    const [stored, recounted] = await storedAndRecounted();
    assert.deepEqual(stored, recounted);
  });

  it('place teams level on everything else by their cards, and say so', async () => {
    // All three draw 0:0 with one another; c's two yellows put it last, b's none first.
    await enterResult(game(a, c).id, 0, 0);
    await enterResult(game(b, c).id, 0, 0);
    const ab = game(a, b);
    await enterResult(ab.id, 0, 0);
    await p.call(b.owner, 'delete_match_event', { id: (await p.call(organizer, 'list_match_events', { match_id: ab.id })).events.find((e: Any) => e.type === 'yellow').id });
    await event(c, game(a, c).id, { minute: 3, type: 'yellow', player_id: c.players[0] });
    await event(c, game(b, c).id, { minute: 4, type: 'yellow', player_id: c.players[1] });
    await event(a, game(a, c).id, { minute: 5, type: 'yellow', player_id: a.players[2] });
    const rows = await table();
    assert.deepEqual(
      rows.map((r: Any) => [r.position, r.team_name, r.played, r.drawn, r.points, r.placed_by, r.placed_by_text]),
      [
        [1, 'Бета', 2, 2, 2, 'cards', 'по дисциплине (меньше карточек)'],
        [2, 'Альфа', 2, 2, 2, 'cards', 'по дисциплине (меньше карточек)'],
        [3, 'Гамма', 2, 2, 2, 'cards', 'по дисциплине (меньше карточек)'],
      ],
    );
    const [stored, recounted] = await storedAndRecounted();
    assert.deepEqual(stored, recounted);
  });

  it('of a friendly count in careers, not in any tournament, and stop counting when it is reported anew', async () => {
    const id = await friendly(p, a, b);
    const scorer = a.players[1];
    const before = (await player(scorer)).goals;
    await event(a, id, { minute: 1, type: 'goal', player_id: scorer });
    await p.call(a.owner, 'set_match_result', { match_id: id, home_score: 1, guest_score: 0 });
    await p.call(b.owner, 'confirm_match_result', { match_id: id });
    assert.equal((await player(scorer)).goals, before + 1);
    assert.ok(!(await scorers(100)).some((s: Any) => s.player_id === scorer && s.goals > 0));
    await p.call(b.owner, 'set_match_result', { match_id: id, home_score: 1, guest_score: 1 });
    assert.equal((await player(scorer)).goals, before, 'reported again, the friendly no longer counts');
    const [stored, recounted] = await storedAndRecounted();
    assert.deepEqual(stored, recounted);
  });

  it('of a deleted match leave careers with its events', async () => {
    const id = await friendly(p, b, c);
    const [scorer, booked] = b.players;
    const before = await player(scorer);
    await event(b, id, { minute: 7, type: 'goal', player_id: scorer });
    await event(b, id, { minute: 30, type: 'yellow', player_id: booked });
    await p.call(b.owner, 'set_match_result', { match_id: id, home_score: 1, guest_score: 0 });
    await p.call(c.owner, 'confirm_match_result', { match_id: id });
    assert.deepEqual([(await player(scorer)).goals, (await player(scorer)).matches], [before.goals + 1, before.matches + 1]);
    await p.call(b.owner, 'delete_match', { id });
    const after = await player(scorer);
    assert.deepEqual([after.goals, after.matches], [before.goals, before.matches]);
    const [stored, recounted] = await storedAndRecounted();
    assert.deepEqual(stored, recounted);
  });

  it('answer a deleted tournament to its creator only', async () => {
    const gone = await tournament(p, organizer, 1);
    await p.call(organizer, 'delete_tournament', { id: gone });
    await failsWithCode(p.call(await p.guest(), 'get_standings', { tournament_id: gone }), Code.NotFound, 'Турнир не найден.');
    await failsWithCode(p.call(await p.guest(), 'list_top_scorers', { tournament_id: gone }), Code.NotFound);
    assert.deepEqual(await p.call(organizer, 'get_standings', { tournament_id: gone }), { standings: [] });
  });
});
