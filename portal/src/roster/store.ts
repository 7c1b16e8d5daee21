// Roster SQL: team_player rows (memberships and join requests) with their players' names.
// Numbers are unique per team (team_player_team_number_key); callers hold lockTeam while choosing one.
import type { Queryable } from '@tribuna/server';
import { decodeCursor, encodeCursor, isUuid, paged } from '../lib/cursor.ts';
import { assign, params, times } from '../lib/sql.ts';

export const MIN_NUMBER = 1;
export const MAX_NUMBER = 99;

export interface TeamPlayer {
  id: string;
  team_id: string;
  player_id: string;
  user_id: string;
  creator_id: string;
  field_role: number;
  team_role: number;
  number: number;
  is_main_squad: boolean;
  is_confirmed: boolean;
  create_time: string;
  update_time: string;
  player: { first_name: string; middle_name?: string; last_name: string; avatar_id?: string };
}

export interface NewTeamPlayer {
  id: string;
  teamId: string;
  playerId: string;
  userId: string;
  creatorId: string;
  number: number;
  isConfirmed: boolean;
  /** 0 (not chosen) when absent. */
  fieldRole?: number;
  /** 0 (player) when absent. */
  teamRole?: number;
}

/** Fields an approval may set; undefined leaves a field as it is. */
export interface Approval {
  field_role?: number;
  team_role?: number;
  number?: number;
  is_main_squad?: boolean;
}

export interface TeamPlayerFilter {
  limit: number;
  cursor?: string;
  teamIds?: string[];
  playerIds?: string[];
  userIds?: string[];
  isConfirmed?: boolean;
  teamRole?: number;
  fieldRole?: number;
  isMainSquad?: boolean;
}

interface Row {
  id: string;
  team_id: string;
  player_id: string;
  user_id: string;
  creator_id: string;
  field_role: number;
  team_role: number;
  number: number;
  is_main_squad: boolean;
  is_confirmed: boolean;
  create_time: Date;
  update_time: Date;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  avatar_id: string | null;
}

const COLUMNS = `tp.id, tp.team_id, tp.player_id, tp.user_id, tp.creator_id, tp.field_role, tp.team_role, tp.number,
  tp.is_main_squad, tp.is_confirmed, tp.create_time, tp.update_time, p.first_name, p.middle_name, p.last_name, p.avatar_id`;
const FROM = 'team_player tp JOIN player p ON p.id = tp.player_id';

function toTeamPlayer(r: Row): TeamPlayer {
  const player: TeamPlayer['player'] = { first_name: r.first_name, last_name: r.last_name };
  if (r.middle_name !== null) player.middle_name = r.middle_name;
  if (r.avatar_id !== null) player.avatar_id = r.avatar_id;
  return {
    id: r.id,
    team_id: r.team_id,
    player_id: r.player_id,
    user_id: r.user_id,
    creator_id: r.creator_id,
    field_role: r.field_role,
    team_role: r.team_role,
    number: r.number,
    is_main_squad: r.is_main_squad,
    is_confirmed: r.is_confirmed,
    ...times(r),
    player,
  };
}

export async function getTeamPlayer(q: Queryable, id: string): Promise<TeamPlayer | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE tp.id = $1`, [id]);
  return rows.length ? toTeamPlayer(rows[0]) : undefined;
}

/** The user who created a player; undefined when there is no such player. */
export async function playerOwner(q: Queryable, playerId: string): Promise<string | undefined> {
  const rows = await q.query<{ creator_id: string }>('SELECT creator_id FROM player WHERE id = $1', [playerId]);
  return rows[0]?.creator_id;
}

/** The player's membership of the team (confirmed, or a request waiting); undefined when there is none. */
export async function membershipOf(q: Queryable, teamId: string, playerId: string): Promise<{ id: string; is_confirmed: boolean } | undefined> {
  const rows = await q.query<{ id: string; is_confirmed: boolean }>(
    'SELECT id, is_confirmed FROM team_player WHERE team_id = $1 AND player_id = $2',
    [teamId, playerId],
  );
  return rows[0];
}

/** Whether a number is worn by someone on the team other than exceptId. */
export async function isNumberTaken(q: Queryable, teamId: string, number: number, exceptId: string | null = null): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM team_player WHERE team_id = $1 AND number = $2 AND id IS DISTINCT FROM $3::uuid',
    [teamId, number, exceptId],
  );
  return rows.length > 0;
}

/** The lowest number from 1 to 99 nobody on the team wears (join requests included); null when all are taken. */
export async function lowestFreeNumber(q: Queryable, teamId: string): Promise<number | null> {
  const rows = await q.query<{ n: number }>(
    `SELECT n FROM generate_series(${MIN_NUMBER}, ${MAX_NUMBER}) AS n
     WHERE NOT EXISTS (SELECT 1 FROM team_player WHERE team_id = $1 AND number = n) ORDER BY n LIMIT 1`,
    [teamId],
  );
  return rows.length ? rows[0].n : null;
}

export async function insertTeamPlayer(q: Queryable, t: NewTeamPlayer): Promise<TeamPlayer> {
  await q.execute(
    `INSERT INTO team_player (id, team_id, player_id, user_id, creator_id, number, is_confirmed, field_role, team_role)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [t.id, t.teamId, t.playerId, t.userId, t.creatorId, t.number, t.isConfirmed, t.fieldRole ?? 0, t.teamRole ?? 0],
  );
  return (await getTeamPlayer(q, t.id))!;
}

/** Confirms a membership and applies the approval's changes. */
export async function approveTeamPlayer(q: Queryable, id: string, a: Approval): Promise<TeamPlayer> {
  const { values, p } = params(id);
  const sets = ['is_confirmed = true', 'update_time = now()', ...assign(p, a, ['field_role', 'team_role', 'number', 'is_main_squad'])];
  await q.execute(`UPDATE team_player SET ${sets.join(', ')} WHERE id = $1`, values);
  return (await getTeamPlayer(q, id))!;
}

/** Removes a membership; its pitch positions go with it (foreign key in migrations/0006_locker.sql). */
export async function removeTeamPlayer(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM team_player WHERE id = $1', [id])) > 0;
}

type CursorKey = [number: number, id: string];

/** A shirt number from 1 to 99 and an id. */
const validCursor = (v: unknown[]) =>
  v.length === 2 && Number.isInteger(v[0]) && (v[0] as number) >= MIN_NUMBER && (v[0] as number) <= MAX_NUMBER && isUuid(v[1]);

/**
 * The statement of a page of team players by number; exported so tests can EXPLAIN it.
 * @internal
 */
export function listTeamPlayersQuery(f: TeamPlayerFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const { values, p } = params();
  // One team (the common case) as an equality, so the planner walks team_player_team_number_key in order.
  if (f.teamIds?.length === 1) where.push(`tp.team_id = ${p(f.teamIds[0])}`);
  else if (f.teamIds?.length) where.push(`tp.team_id = ANY(${p(f.teamIds)}::uuid[])`);
  if (f.playerIds?.length) where.push(`tp.player_id = ANY(${p(f.playerIds)}::uuid[])`);
  if (f.userIds?.length) where.push(`tp.user_id = ANY(${p(f.userIds)}::uuid[])`);
  if (f.isConfirmed !== undefined) where.push(`tp.is_confirmed = ${p(f.isConfirmed)}`);
  if (f.teamRole !== undefined) where.push(`tp.team_role = ${p(f.teamRole)}`);
  if (f.fieldRole !== undefined) where.push(`tp.field_role = ${p(f.fieldRole)}`);
  if (f.isMainSquad !== undefined) where.push(`tp.is_main_squad = ${p(f.isMainSquad)}`);
  if (f.cursor) {
    const [number, id] = decodeCursor<CursorKey>(f.cursor, validCursor);
    where.push(`(tp.number, tp.id) > (${p(number)}::smallint, ${p(id)}::uuid)`);
  }
  const sql = `SELECT ${COLUMNS} FROM ${FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY tp.number, tp.id LIMIT ${p(f.limit + 1)}`;
  return { sql, params: values };
}

export async function listTeamPlayers(q: Queryable, f: TeamPlayerFilter): Promise<{ team_players: TeamPlayer[]; cursor?: string }> {
  const { sql, params: values } = listTeamPlayersQuery(f);
  const rows = await q.query<Row>(sql, values);
  return paged('team_players', rows, f.limit, toTeamPlayer, (r) => encodeCursor([r.number, r.id] satisfies CursorKey));
}
