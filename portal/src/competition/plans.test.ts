// The competition's statements at 1,000 tournaments and 100,000 matches (two events each): a table, the
// scorers, players' career totals, a match's events and a tournament's matches are read through their
// indexes, as the planner chooses by itself with statistics gathered, with no sequential scan.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { tournamentMatchesQuery } from '../matches/index.ts';
import { listEventsQuery } from './event-store.ts';
import { playerTotalsQuery, STANDINGS_QUERIES, topScorersQuery } from './stats-store.ts';

let ts: TestServer;
let tournamentId: string;
let matchId: string;
let playerIds: string[];

const TOURNAMENTS = 1000;
const MATCHES = 100_000;
const TEAMS = 100_000;
const PLAYERS = 100_000;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  const db = ts.app.nk.db;
  const id = (label: string) => `md5(${label})::uuid`;
  // 100,000 teams and players, as the portal's other plan tests have them; ten teams in each tournament;
  // each tournament's 100 matches among its teams, nine in ten confirmed, each with a goal (assisted)
  // and a card.
  for (const sql of [
    `INSERT INTO users (id, username) VALUES (${id("'u'")}, 'plans_user')`,
    `INSERT INTO tournament (id, title, tournament_type, start_time, creator_id)
     SELECT ${id("'tr' || i")}, 'Турнир ' || i, 1, now(), ${id("'u'")} FROM generate_series(0, ${TOURNAMENTS - 1}) i`,
    `INSERT INTO team (id, name, name_key, creator_id)
     SELECT ${id("'t' || i")}, 'Команда ' || i, 'команда ' || i, ${id("'u'")} FROM generate_series(0, ${TEAMS - 1}) i`,
    `INSERT INTO team_tournament (id, team_id, tournament_id, initiator, is_confirmed, tournament_start_time)
     SELECT ${id("'tt' || i")}, ${id("'t' || i")}, ${id("'tr' || (i / 10)")}, 'organizer', true, now() FROM generate_series(0, ${TOURNAMENTS * 10 - 1}) i`,
    `INSERT INTO player (id, first_name, last_name, first_name_key, last_name_key, creator_id)
     SELECT ${id("'p' || i")}, 'Имя', 'Фамилия' || i, 'имя', 'фамилия' || i, ${id("'u'")} FROM generate_series(0, ${PLAYERS - 1}) i`,
    `INSERT INTO match (id, owner_team_id, guest_team_id, match_time, creator_id, tournament_id, round, result_state, home_score, guest_score)
     SELECT ${id("'m' || i")}, ${id("'t' || (i / 100 * 10 + i % 10)")}, ${id("'t' || (i / 100 * 10 + (i + 1 + i / 10 % 9) % 10)")},
            now() + i * interval '1 minute', ${id("'u'")}, ${id("'tr' || (i / 100)")}, i % 100 / 5 + 1,
            CASE WHEN i % 10 = 0 THEN 'none' ELSE 'confirmed' END, CASE WHEN i % 10 = 0 THEN NULL ELSE i % 4 END, CASE WHEN i % 10 = 0 THEN NULL ELSE i % 3 END
     FROM generate_series(0, ${MATCHES - 1}) i`,
    `INSERT INTO match_event (id, match_id, minute, type, team_id, player_id, assist_player_id, creator_id)
     SELECT ${id("'e' || i")}, m.id, i % 90, CASE WHEN i % 2 = 0 THEN 'goal' ELSE 'yellow' END, m.owner_team_id,
            ${id("'p' || (i / 2 % " + PLAYERS / 2 + " * 2)")}, CASE WHEN i % 2 = 0 THEN ${id("'p' || (i / 2 % " + PLAYERS / 2 + " * 2 + 1)")} END, ${id("'u'")}
     FROM generate_series(0, ${2 * MATCHES - 1}) i JOIN match m ON m.id = ${id("'m' || (i / 2)")}`,
  ]) {
    await db.execute(sql);
  }
  await db.execute('ANALYZE');
  [{ id: tournamentId }] = await db.query<{ id: string }>(`SELECT ${id("'tr' || 420")}::text AS id`);
  [{ id: matchId }] = await db.query<{ id: string }>(`SELECT ${id("'m' || 42042")}::text AS id`);
  playerIds = (await db.query<{ id: string }>(`SELECT ${id("'p' || i")}::text AS id FROM generate_series(840, 845) i`)).map((r) => r.id);
});
after(() => ts.close());

/** The plan the planner chooses by itself. */
async function plan(sql: string, params: unknown[]): Promise<string> {
  const rows = await ts.app.nk.db.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

const SEQ = /Seq Scan on (match|match_event|player|team|team_tournament|tournament)\b/;

describe('competition query plans at 1,000 tournaments and 100,000 matches', () => {
  it('counts a table from the tournament’s links, matches and their events through indexes', async () => {
    const teams = await plan(STANDINGS_QUERIES.teams, [tournamentId]);
    assert.match(teams, /team_tournament_tournament_start_idx/, teams);
    const results = await plan(STANDINGS_QUERIES.results, [tournamentId]);
    assert.match(results, /match_tournament_round_idx/, results);
    const cards = await plan(STANDINGS_QUERIES.cards, [tournamentId]);
    assert.match(cards, /match_tournament_round_idx/, cards);
    assert.match(cards, /match_event_match_minute_idx/, cards);
    for (const p of [teams, results, cards]) assert.doesNotMatch(p, SEQ, p);
  });

  it('ranks a tournament’s scorers from its matches’ events', async () => {
    const { sql, params } = topScorersQuery(tournamentId, 20);
    const p = await plan(sql, params);
    assert.match(p, /match_tournament_round_idx/, p);
    assert.match(p, /match_event_match_minute_idx/, p);
    assert.doesNotMatch(p, SEQ, p);
  });

  it('recounts players’ career totals from their events in each role', async () => {
    const { sql, params } = playerTotalsQuery(playerIds);
    const p = await plan(sql, params);
    for (const index of ['match_event_player_idx', 'match_event_assist_idx', 'match_event_player_out_idx', 'match_pkey']) assert.match(p, new RegExp(index), p);
    assert.doesNotMatch(p, SEQ, p);
  });

  it('lists a match’s events in order with no sort, and a tournament’s matches from its index', async () => {
    const events = listEventsQuery(matchId);
    const e = await plan(events.sql, events.params);
    assert.match(e, /Index Scan using match_event_match_minute_idx/, e);
    assert.doesNotMatch(e, /Sort {2}\(/, e);
    // A tournament's hundred matches or so are sorted in memory once read; their teams by primary key.
    const matches = tournamentMatchesQuery(tournamentId);
    const m = await plan(matches.sql, matches.params);
    assert.match(m, /match_tournament_round_idx/, m);
    assert.match(m, /team_pkey/, m);
    for (const p of [e, m]) assert.doesNotMatch(p, SEQ, p);
  });
});
