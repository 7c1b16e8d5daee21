// Team links of tournaments (table team_tournament): their SQL. The team's and the tournament's summaries
// come from the same statement; links are ordered by the tournament's start time kept on the link.
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction, type KeySort } from '../lib/keyset.ts';
import { params, times } from '../lib/sql.ts';
import { type TeamSummary, teamSummary } from '../teams/index.ts';
import type { TournamentAccess } from './store.ts';

/** Who made the link, and so who confirms it: 'organizer' (the team's managers confirm) or 'team' (the tournament's creator does). */
export type Initiator = 'organizer' | 'team';

/** What a link shows of its tournament. */
export interface TournamentSummary {
  id: string;
  title: string;
  start_time: string;
  image_url?: string;
  tournament_type: number;
  access: TournamentAccess;
  creator_id: string;
  deleted: boolean;
}

export interface TeamTournament {
  id: string;
  team_id: string;
  tournament_id: string;
  initiator: Initiator;
  is_confirmed: boolean;
  create_time: string;
  update_time: string;
  team: TeamSummary;
  tournament: TournamentSummary;
}

interface Row {
  id: string;
  team_id: string;
  tournament_id: string;
  initiator: Initiator;
  is_confirmed: boolean;
  create_time: Date;
  update_time: Date;
  tournament_start_time: Date;
  team: TeamSummary;
  title: string;
  image_url: string | null;
  tournament_type: number;
  access: TournamentAccess;
  creator_id: string;
  deleted: boolean;
}

const NAMES = ['id', 'team_id', 'tournament_id', 'initiator', 'is_confirmed', 'create_time', 'update_time', 'tournament_start_time'];

/** The links of `source` (a table or a CTE, named l) with their team's and tournament's summaries. */
const selectFrom = (source: string) =>
  `SELECT ${NAMES.map((n) => `l.${n}`).join(', ')}, ${teamSummary('tm')} AS team,
     t.title, t.image_url, t.tournament_type, t.access, t.creator_id, t.delete_time IS NOT NULL AS deleted
   FROM ${source} l JOIN team tm ON tm.id = l.team_id JOIN tournament t ON t.id = l.tournament_id`;

function toLink(r: Row): TeamTournament {
  const tournament: TournamentSummary = {
    id: r.tournament_id,
    title: r.title,
    start_time: r.tournament_start_time.toISOString(),
    tournament_type: r.tournament_type,
    access: r.access,
    creator_id: r.creator_id,
    deleted: r.deleted,
  };
  if (r.image_url) tournament.image_url = r.image_url;
  return {
    id: r.id,
    team_id: r.team_id,
    tournament_id: r.tournament_id,
    initiator: r.initiator,
    is_confirmed: r.is_confirmed,
    ...times(r),
    team: r.team,
    tournament,
  };
}

export interface NewLink {
  teamId: string;
  tournamentId: string;
  initiator: Initiator;
  isConfirmed: boolean;
  /** The tournament's start time, read under its lock. */
  startTime: Date;
}

/** A team is in a tournament once: a second link violates team_tournament_team_tournament_key. */
export async function insertLink(q: Queryable, id: string, n: NewLink): Promise<TeamTournament> {
  const rows = await q.query<Row>(
    `WITH l AS (INSERT INTO team_tournament (id, team_id, tournament_id, initiator, is_confirmed, tournament_start_time)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${NAMES.join(', ')})
     ${selectFrom('l')}`,
    [id, n.teamId, n.tournamentId, n.initiator, n.isConfirmed, n.startTime],
  );
  return toLink(rows[0]);
}

export async function getLink(q: Queryable, id: string): Promise<TeamTournament | undefined> {
  const rows = await q.query<Row>(`${selectFrom('team_tournament')} WHERE l.id = $1`, [id]);
  return rows.length ? toLink(rows[0]) : undefined;
}

/**
 * The link's confirmation, its row locked until the transaction ends (as the update that follows would):
 * a concurrent change is waited for and seen, so only one of two equal changes finds it changed.
 */
export async function lockConfirmation(q: Queryable, id: string): Promise<boolean | undefined> {
  const rows = await q.query<{ is_confirmed: boolean }>('SELECT is_confirmed FROM team_tournament WHERE id = $1 FOR NO KEY UPDATE', [id]);
  return rows[0]?.is_confirmed;
}

export async function setConfirmed(q: Queryable, id: string, confirmed: boolean): Promise<TeamTournament | undefined> {
  const rows = await q.query<Row>(
    `WITH l AS (UPDATE team_tournament SET is_confirmed = $2,
       update_time = CASE WHEN is_confirmed = $2 THEN update_time ELSE now() END
       WHERE id = $1 RETURNING ${NAMES.join(', ')})
     ${selectFrom('l')}`,
    [id, confirmed],
  );
  return rows.length ? toLink(rows[0]) : undefined;
}

/** Removes the link; answers whether it was confirmed, or undefined when it was not there (any more). */
export async function deleteLink(q: Queryable, id: string): Promise<boolean | undefined> {
  const rows = await q.query<{ is_confirmed: boolean }>('DELETE FROM team_tournament WHERE id = $1 RETURNING is_confirmed', [id]);
  return rows[0]?.is_confirmed;
}

export interface LinkQuery {
  teamId?: string;
  tournamentId?: string;
  /** The tournament starting at or after / before. */
  startAfter?: Date;
  startBefore?: Date;
  /** Links of deleted tournaments too, of those this user created (nobody's for a visitor). */
  includeDeletedOf?: string;
  dir: Direction;
  limit: number;
  cursor?: string;
}

const BY_START: KeySort<Row> = { column: 'l.tournament_start_time', kind: 'time', key: (r) => r.tournament_start_time };

/** By the tournament's start time; served by the (team or tournament, start, id) index. */
export async function listLinks(q: Queryable, f: LinkQuery): Promise<{ team_tournaments: TeamTournament[]; cursor?: string }> {
  const { values, p } = params();
  const where: string[] = [];
  if (f.teamId) where.push(`l.team_id = ${p(f.teamId)}`);
  if (f.tournamentId) where.push(`l.tournament_id = ${p(f.tournamentId)}`);
  if (f.startAfter) where.push(`l.tournament_start_time >= ${p(f.startAfter)}`);
  if (f.startBefore) where.push(`l.tournament_start_time < ${p(f.startBefore)}`);
  // A deleted tournament is its creator's business alone.
  where.push(f.includeDeletedOf ? `(NOT l.tournament_deleted OR t.creator_id = ${p(f.includeDeletedOf)}::uuid)` : 'NOT l.tournament_deleted');
  const ks = keyset(`team-tournaments:${f.dir}`, BY_START, 'l.id', f.dir, f.cursor, p);
  if (ks.where) where.push(ks.where);
  const rows = await q.query<Row>(
    `${selectFrom('team_tournament')} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${ks.order} LIMIT ${p(f.limit + 1)}`,
    values,
  );
  return paged('team_tournaments', rows, f.limit, toLink, ks.cursorOf);
}
