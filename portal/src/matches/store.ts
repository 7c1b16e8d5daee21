// Matches' SQL. A match names its teams by id; their summaries come from the same statement (LEFT JOIN
// team), absent when a team was deleted.
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction } from '../lib/keyset.ts';
import { assign, params, times } from '../lib/sql.ts';
import { type TeamSummary, teamSummary, userTeamIds } from '../teams/index.ts';

export interface Match {
  id: string;
  owner_team_id: string;
  guest_team_id: string;
  match_time: string;
  creator_id: string;
  create_time: string;
  update_time: string;
  /** The result (results.ts): 'none' until a side reports one; only 'confirmed' ones count. */
  result_state: ResultState;
  /** The score, set with a result of any state. */
  home_score?: number;
  guest_score?: number;
  /** A drawn cup match's penalty shoot-out. */
  home_penalties?: number;
  guest_penalties?: number;
  /** Who reported the result, and for which team (absent when the tournament's creator entered it). */
  result_reported_by?: string;
  result_reported_team?: string;
  /** Why the other side disputes the result (state 'disputed'). */
  result_comment?: string;
  result_time?: string;
  /** A tournament's fixture or cup match: its tournament, round and (cups) bracket slot. */
  tournament_id?: string;
  round?: number;
  bracket_slot?: number;
  /** The home team; absent when it was deleted. */
  owner_team?: TeamSummary;
  /** The guest team; absent when it was deleted. */
  guest_team?: TeamSummary;
}

export type ResultState = 'none' | 'reported' | 'confirmed' | 'disputed';

interface Row {
  id: string;
  owner_team_id: string;
  guest_team_id: string;
  match_time: Date;
  creator_id: string;
  create_time: Date;
  update_time: Date;
  result_state: ResultState;
  home_score: number | null;
  guest_score: number | null;
  home_penalties: number | null;
  guest_penalties: number | null;
  result_reported_by: string | null;
  result_reported_team: string | null;
  result_comment: string | null;
  result_time: Date | null;
  tournament_id: string | null;
  round: number | null;
  bracket_slot: number | null;
  owner_team: TeamSummary | null;
  guest_team: TeamSummary | null;
}

const NAMES = [
  'id', 'owner_team_id', 'guest_team_id', 'match_time', 'creator_id', 'create_time', 'update_time', 'result_state', 'home_score', 'guest_score',
  'home_penalties', 'guest_penalties', 'result_reported_by', 'result_reported_team', 'result_comment', 'result_time', 'tournament_id', 'round',
  'bracket_slot',
];
/** Optional fields answered only when set. */
const OPTIONAL = [
  'home_score', 'guest_score', 'home_penalties', 'guest_penalties', 'result_reported_by', 'result_reported_team', 'result_comment', 'tournament_id',
  'round', 'bracket_slot',
] as const;
const COLUMNS = NAMES.join(', ');
const M_COLUMNS = NAMES.map((n) => `m.${n}`).join(', ');

/** The matches of `source` (a table or a subquery, named m) with their teams' summaries. */
const selectFrom = (source: string) =>
  `SELECT ${M_COLUMNS}, ${teamSummary('o')} AS owner_team, ${teamSummary('g')} AS guest_team
   FROM ${source} m LEFT JOIN team o ON o.id = m.owner_team_id LEFT JOIN team g ON g.id = m.guest_team_id`;

function toMatch(r: Row): Match {
  const m: Match = {
    id: r.id,
    owner_team_id: r.owner_team_id,
    guest_team_id: r.guest_team_id,
    match_time: r.match_time.toISOString(),
    creator_id: r.creator_id,
    ...times(r),
    result_state: r.result_state,
  };
  const out = m as unknown as Record<string, unknown>;
  for (const k of OPTIONAL) if (r[k] !== null) out[k] = r[k];
  if (r.result_time) m.result_time = r.result_time.toISOString();
  if (r.owner_team) m.owner_team = r.owner_team;
  if (r.guest_team) m.guest_team = r.guest_team;
  return m;
}

export interface NewMatch {
  owner_team_id: string;
  guest_team_id: string;
  match_time: Date;
}

export async function createMatch(q: Queryable, id: string, creatorId: string, n: NewMatch): Promise<Match> {
  const rows = await q.query<Row>(
    `WITH m AS (INSERT INTO match (id, owner_team_id, guest_team_id, match_time, creator_id) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${COLUMNS})
     ${selectFrom('m')}`,
    [id, n.owner_team_id, n.guest_team_id, n.match_time, creatorId],
  );
  return toMatch(rows[0]);
}

export async function getMatch(q: Queryable, id: string): Promise<Match | undefined> {
  const rows = await q.query<Row>(`${selectFrom('match')} WHERE m.id = $1`, [id]);
  return rows.length ? toMatch(rows[0]) : undefined;
}

/** Locks a match's row until the transaction ends. */
export async function lockMatch(q: Queryable, id: string): Promise<void> {
  await q.query('SELECT 1 FROM match WHERE id = $1 FOR NO KEY UPDATE', [id]);
}

/** Fields to change; undefined leaves a field as it is. */
export type MatchChanges = Partial<NewMatch>;

export async function updateMatch(q: Queryable, id: string, c: MatchChanges): Promise<Match | undefined> {
  const { values, p } = params(id);
  // sequence: calendar feeds tell subscribed calendars the match changed (migrations/0040_attendance.sql).
  const sets = ['update_time = now()', 'sequence = sequence + 1', ...assign(p, c, ['owner_team_id', 'guest_team_id', 'match_time'])];
  const rows = await q.query<Row>(
    `WITH m AS (UPDATE match SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}) ${selectFrom('m')}`,
    values,
  );
  return rows.length ? toMatch(rows[0]) : undefined;
}

export async function deleteMatch(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM match WHERE id = $1', [id])) > 0;
}

export interface MatchQuery {
  ownerTeamId?: string;
  guestTeamId?: string;
  /** Matches of this team on either side. */
  teamId?: string;
  /** match_time at or after. */
  fromTime?: Date;
  /** match_time before. */
  toTime?: Date;
  dir: Direction;
  limit: number;
  /** Rows skipped (after the cursor's, when there is one). */
  offset: number;
  cursor?: string;
}

/**
 * A page by (match_time, id). A team's matches on either side are its home and its away matches: two
 * index scans merged in order (a team never plays itself, so none is found twice).
 */
export async function listMatches(q: Queryable, f: MatchQuery): Promise<{ matches: Match[]; cursor?: string }> {
  const { values, p } = params();
  const where: string[] = [];
  if (f.ownerTeamId) where.push(`m.owner_team_id = ${p(f.ownerTeamId)}`);
  if (f.guestTeamId) where.push(`m.guest_team_id = ${p(f.guestTeamId)}`);
  if (f.fromTime) where.push(`m.match_time >= ${p(f.fromTime)}`);
  if (f.toTime) where.push(`m.match_time < ${p(f.toTime)}`);
  const ks = keyset(`matches:${f.dir}`, { column: 'm.match_time', kind: 'time', key: (r: Row) => r.match_time }, 'm.id', f.dir, f.cursor, p);
  if (ks.where) where.push(ks.where);
  const sides = f.teamId ? [`m.owner_team_id = ${p(f.teamId)}`, `m.guest_team_id = ${p(f.teamId)}`] : [undefined];
  // Each side is ordered and cut to the rows the page may need, so the two merge without a sort.
  const cut = sides.length > 1 ? `ORDER BY ${ks.order} LIMIT ${p(f.offset + f.limit + 1)}` : '';
  const branches = sides.map((side) => {
    const conditions = side ? [side, ...where] : where;
    return `(SELECT ${M_COLUMNS} FROM match m ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''} ${cut})`;
  });
  const rows = await q.query<Row>(
    `${selectFrom(`(${branches.join(' UNION ALL ')})`)} ORDER BY ${ks.order} LIMIT ${p(f.limit + 1)} OFFSET ${p(f.offset)}`,
    values,
  );
  return paged('matches', rows, f.limit, toMatch, ks.cursorOf);
}

/** The most matches `listMyMatches` answers: a month of any sensible number of teams. */
const MAX_MY_MATCHES = 200;

/**
 * The matches of a user's teams (created, or with a confirmed player of theirs) from `from` (inclusive) to
 * `to`, by time: each team's home and away matches read through their indexes (LATERAL); a match between
 * two of the user's teams is found from both and answered once. Exported so tests can EXPLAIN it.
 * @internal
 */
export function listMyMatchesQuery(userId: string, from: Date, to: Date): { sql: string; params: unknown[] } {
  const side = (column: string) =>
    `(SELECT ${COLUMNS} FROM match WHERE ${column} = mine.id AND match_time >= $2 AND match_time < $3 ORDER BY match_time, id LIMIT ${MAX_MY_MATCHES})`;
  return {
    sql: `${selectFrom(`(SELECT DISTINCT ${NAMES.map((n) => `s.${n}`).join(', ')}
       FROM ${userTeamIds('$1')} mine (id)
       CROSS JOIN LATERAL (${side('owner_team_id')} UNION ALL ${side('guest_team_id')}) s)`)}
     ORDER BY m.match_time, m.id LIMIT ${MAX_MY_MATCHES}`,
    params: [userId, from, to],
  };
}

export async function listMyMatches(q: Queryable, userId: string, from: Date, to: Date): Promise<Match[]> {
  const { sql, params: values } = listMyMatchesQuery(userId, from, to);
  return (await q.query<Row>(sql, values)).map(toMatch);
}

/** The most matches listTournamentMatches answers: a round at a time beyond. */
const MAX_TOURNAMENT_MATCHES = 1000;

/**
 * A tournament's matches by round and time; served by match_tournament_round_idx. Each team is looked up
 * by its primary key (OFFSET 0 keeps the lookup from becoming a join, which the planner would hash over
 * every team for a few hundred matches). Exported so tests can EXPLAIN it.
 * @internal
 */
export function tournamentMatchesQuery(tournamentId: string, round?: number): { sql: string; params: unknown[] } {
  const byRound = round === undefined ? '' : 'AND m.round = $2';
  const team = (column: string) => `(SELECT id, name, description, avatar_id FROM team WHERE id = m.${column} OFFSET 0)`;
  return {
    sql: `SELECT ${M_COLUMNS}, ${teamSummary('o')} AS owner_team, ${teamSummary('g')} AS guest_team
          FROM match m LEFT JOIN LATERAL ${team('owner_team_id')} o ON true LEFT JOIN LATERAL ${team('guest_team_id')} g ON true
          WHERE m.tournament_id = $1 ${byRound} ORDER BY m.round, m.match_time, m.id LIMIT ${MAX_TOURNAMENT_MATCHES}`,
    params: round === undefined ? [tournamentId] : [tournamentId, round],
  };
}

export async function listTournamentMatches(q: Queryable, tournamentId: string, round?: number): Promise<Match[]> {
  const { sql, params: values } = tournamentMatchesQuery(tournamentId, round);
  return (await q.query<Row>(sql, values)).map(toMatch);
}

/**
 * A team out of a round-robin tournament loses its fixtures that have no result; those with one stay on
 * record (the table leaves them out with the team).
 */
export async function dropUnplayedFixtures(q: Queryable, tournamentId: string, teamId: string): Promise<void> {
  await q.execute(
    `DELETE FROM match WHERE tournament_id = $1 AND round IS NOT NULL AND bracket_slot IS NULL AND result_state = 'none'
       AND (owner_team_id = $2 OR guest_team_id = $2)`,
    [tournamentId, teamId],
  );
}
