// What tables and players' numbers are counted from: the confirmed results of a tournament's matches and
// the events of confirmed matches. Only confirmed matches count, so a result that is confirmed, corrected
// or taken back moves every number that reads it.
//
// Career totals are kept on the player row (list_players filters by goals and matches through their
// indexes): recounted from the events, never written by hand, whenever a confirmed match's events change
// or a match's result becomes confirmed or stops being so. A tournament's scorers and table are counted
// when asked, through the tournament's matches (match_tournament_round_idx) and each match's events.
import type { Queryable } from '@tribuna/server';
import type { Cards, StandingResult, StandingTeam } from './standings.ts';

/**
 * Career totals of the players among ids, from the events and squads of confirmed matches (an appearance is
 * a match whose squad or events name the player); exported for EXPLAIN and tests.
 */
export function playerTotalsQuery(ids: string[]): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT ids.id,
            count(*) FILTER (WHERE r.role = 'p' AND r.type IN ('goal', 'penalty_goal'))::int AS goals,
            count(*) FILTER (WHERE r.role = 'a')::int AS assists,
            count(DISTINCT r.match_id)::int AS matches,
            count(*) FILTER (WHERE r.role = 'p' AND r.type = 'yellow')::int AS yellow,
            count(*) FILTER (WHERE r.role = 'p' AND r.type = 'red')::int AS red
          FROM unnest($1::uuid[]) AS ids (id)
          LEFT JOIN LATERAL (
            SELECT 'p' AS role, e.type, e.match_id FROM match_event e WHERE e.player_id = ids.id
            UNION ALL SELECT 'a', e.type, e.match_id FROM match_event e WHERE e.assist_player_id = ids.id
            UNION ALL SELECT 'o', e.type, e.match_id FROM match_event e WHERE e.player_out_id = ids.id
            UNION ALL SELECT 's', NULL, s.match_id FROM match_squad s WHERE s.player_id = ids.id
          ) r ON EXISTS (SELECT 1 FROM match m WHERE m.id = r.match_id AND m.result_state = 'confirmed')
          GROUP BY ids.id`,
    params: [ids],
  };
}

/**
 * Recounts the players' career totals. Their rows are locked first, in id order, and counted by the
 * next statement, which sees every change committed before it got the locks: two concurrent recounts
 * of one player cannot leave the earlier count behind.
 */
export async function recountPlayers(q: Queryable, ids: Iterable<string>): Promise<void> {
  const list = [...new Set(ids)].sort();
  if (!list.length) return;
  await q.query('SELECT id FROM player WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE', [list]);
  const { sql, params } = playerTotalsQuery(list);
  await q.execute(
    `UPDATE player p SET goals = t.goals, assists = t.assists, matches = t.matches, yellow = t.yellow, red = t.red
     FROM (${sql}) t WHERE p.id = t.id`,
    params,
  );
}

/** The players named in the matches' events, in any role, or picked in their squads. */
export async function playersOfMatches(q: Queryable, matchIds: string[]): Promise<string[]> {
  if (!matchIds.length) return [];
  const rows = await q.query<{ id: string }>(
    `SELECT x.id FROM match_event e
     CROSS JOIN LATERAL (VALUES (e.player_id), (e.assist_player_id), (e.player_out_id)) AS x (id)
     WHERE e.match_id = ANY($1::uuid[]) AND x.id IS NOT NULL
     UNION SELECT s.player_id FROM match_squad s WHERE s.match_id = ANY($1::uuid[])`,
    [matchIds],
  );
  return rows.map((r) => r.id);
}

export interface Scorer {
  player_id: string;
  team_id: string;
  /** First and last name. */
  name: string;
  goals: number;
  assists: number;
  /** Confirmed matches of the tournament whose events or squad name the player. */
  appearances: number;
  yellow: number;
  red: number;
}

/**
 * A tournament's players by goals, then assists, then name (a player who changed teams has a row per
 * team); each player's name by primary key (OFFSET 0 keeps the lookup from becoming a join, which the
 * planner would hash over every player). Exported for EXPLAIN.
 * @internal
 */
export function topScorersQuery(tournamentId: string, limit: number): { sql: string; params: unknown[] } {
  return {
    sql: `WITH ev AS (
            SELECT e.match_id, e.type, e.team_id, e.player_id, e.assist_player_id, e.player_out_id
            FROM match m JOIN match_event e ON e.match_id = m.id
            WHERE m.tournament_id = $1 AND m.result_state = 'confirmed'),
          roles AS (
            SELECT player_id AS player, team_id, match_id, type, 'p' AS role FROM ev WHERE player_id IS NOT NULL
            UNION ALL SELECT assist_player_id, team_id, match_id, type, 'a' FROM ev WHERE assist_player_id IS NOT NULL
            UNION ALL SELECT player_out_id, team_id, match_id, type, 'o' FROM ev WHERE player_out_id IS NOT NULL
            UNION ALL SELECT s.player_id, s.team_id, s.match_id, NULL, 's'
              FROM match m JOIN match_squad s ON s.match_id = m.id
              WHERE m.tournament_id = $1 AND m.result_state = 'confirmed'),
          totals AS (
            SELECT player, team_id,
              count(*) FILTER (WHERE role = 'p' AND type IN ('goal', 'penalty_goal'))::int AS goals,
              count(*) FILTER (WHERE role = 'a')::int AS assists,
              count(DISTINCT match_id)::int AS appearances,
              count(*) FILTER (WHERE role = 'p' AND type = 'yellow')::int AS yellow,
              count(*) FILTER (WHERE role = 'p' AND type = 'red')::int AS red
            FROM roles GROUP BY player, team_id)
          SELECT t.player AS player_id, t.team_id, p.first_name || ' ' || p.last_name AS name, t.goals, t.assists, t.appearances, t.yellow, t.red
          FROM totals t
          CROSS JOIN LATERAL (SELECT first_name, last_name, first_name_key, last_name_key FROM player WHERE id = t.player OFFSET 0) p
          ORDER BY t.goals DESC, t.assists DESC, p.last_name_key, p.first_name_key, t.player
          LIMIT $2`,
    params: [tournamentId, limit],
  };
}

export async function topScorers(q: Queryable, tournamentId: string, limit: number): Promise<Scorer[]> {
  const { sql, params } = topScorersQuery(tournamentId, limit);
  return q.query<Scorer>(sql, params);
}

/**
 * The statements a tournament's table reads; exported for EXPLAIN.
 * @internal
 */
export const STANDINGS_QUERIES = {
  teams: `SELECT tm.id, tm.name FROM team_tournament l JOIN team tm ON tm.id = l.team_id
          WHERE l.tournament_id = $1 AND l.is_confirmed`,
  results: `SELECT owner_team_id AS home, guest_team_id AS guest, home_score, guest_score FROM match
            WHERE tournament_id = $1 AND result_state = 'confirmed'`,
  cards: `SELECT e.team_id, count(*) FILTER (WHERE e.type = 'yellow')::int AS yellow, count(*) FILTER (WHERE e.type = 'red')::int AS red
          FROM match m JOIN match_event e ON e.match_id = m.id
          WHERE m.tournament_id = $1 AND m.result_state = 'confirmed' AND e.type IN ('yellow', 'red')
          GROUP BY e.team_id`,
};

/**
 * What standings() takes: the tournament's confirmed teams, the confirmed results between them (a team
 * that left takes its results with it: they count for nobody) and the cards of each team.
 */
export async function standingsInput(
  q: Queryable,
  tournamentId: string,
): Promise<{ teams: StandingTeam[]; results: StandingResult[]; cards: Map<string, Cards> }> {
  const [teams, results, cards] = await Promise.all([
    q.query<StandingTeam>(STANDINGS_QUERIES.teams, [tournamentId]),
    q.query<{ home: string; guest: string; home_score: number; guest_score: number }>(STANDINGS_QUERIES.results, [tournamentId]),
    q.query<{ team_id: string; yellow: number; red: number }>(STANDINGS_QUERIES.cards, [tournamentId]),
  ]);
  const ids = new Set(teams.map((t) => t.id));
  return {
    teams,
    results: results
      .filter((r) => ids.has(r.home) && ids.has(r.guest))
      .map((r) => ({ home: r.home, guest: r.guest, homeGoals: r.home_score, guestGoals: r.guest_score })),
    cards: new Map(cards.map((c) => [c.team_id, { yellow: c.yellow, red: c.red }])),
  };
}
