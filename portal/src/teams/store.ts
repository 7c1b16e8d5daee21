// Teams' SQL. Names are matched by their lower-cased keys (see migrations/0004_teams.sql).
import type { Queryable } from '@tribuna/server';
import { decodeCursor, encodeCursor, isUuid, paged } from '../lib/cursor.ts';
import { assign, likePrefix, params, textKey, times } from '../lib/sql.ts';
import { CARD_TEXT, cutText } from '../lib/text.ts';

export interface Team {
  id: string;
  name: string;
  description: string;
  avatar_id?: string;
  team_type: number;
  rating: number;
  creator_id: string;
  member_count: number;
  create_time: string;
  update_time: string;
}

export interface NewTeam {
  name: string;
  description: string;
  avatar_id: string | null;
  team_type: number;
}

/** Fields to change; undefined leaves a field as it is, null clears avatar_id. */
export interface TeamChanges {
  name?: string;
  description?: string;
  avatar_id?: string | null;
  team_type?: number;
}

export interface TeamFilter {
  limit: number;
  cursor?: string;
  ids?: string[];
  teamType?: number;
  creatorId?: string;
  /** Teams the user manages: created, or an admin's confirmed place in. */
  managerId?: string;
  name?: string;
}

interface Row {
  id: string;
  name: string;
  description: string;
  avatar_id: string | null;
  team_type: number;
  rating: string;
  creator_id: string;
  member_count: number;
  create_time: Date;
  update_time: Date;
  /** create_time in microseconds since the epoch: the cursor keeps the database's full precision. */
  time_us: string;
}

const COLUMNS = `t.id, t.name, t.description, t.avatar_id, t.team_type, t.rating, t.creator_id, t.create_time, t.update_time,
  (SELECT count(*) FROM team_player tp WHERE tp.team_id = t.id AND tp.is_confirmed)::int AS member_count,
  (extract(epoch FROM t.create_time) * 1000000)::bigint::text AS time_us`;

/** COLUMNS with the description cut as a list's card shows it. */
const LIST_COLUMNS = COLUMNS.replace('t.description', () => `${cutText('t.description', CARD_TEXT)} AS description`);

function toTeam(r: Row): Team {
  const t: Team = {
    id: r.id,
    name: r.name,
    description: r.description,
    team_type: r.team_type,
    rating: Number(r.rating),
    creator_id: r.creator_id,
    member_count: r.member_count,
    ...times(r),
  };
  if (r.avatar_id !== null) t.avatar_id = r.avatar_id;
  return t;
}

/** Locks a team's row until the transaction ends; false when there is no such team. */
export async function lockTeam(q: Queryable, teamId: string): Promise<boolean> {
  // NO KEY UPDATE: serialises the team's roster and locker changes without blocking inserts that reference it.
  const rows = await q.query('SELECT 1 FROM team WHERE id = $1 FOR NO KEY UPDATE', [teamId]);
  return rows.length > 0;
}

/**
 * A row of a team's, read under the team's lock: read again after locking, as it may have changed meanwhile.
 * Undefined when it is not there, before or after.
 */
export async function readLocked<T>(
  q: Queryable,
  read: (q: Queryable, id: string) => Promise<T | undefined>,
  teamOf: (row: T) => string,
  id: string,
): Promise<T | undefined> {
  const before = await read(q, id);
  if (!before) return undefined;
  await lockTeam(q, teamOf(before));
  return read(q, id);
}

/** What other areas (matches, tournaments) show of a team. */
export interface TeamSummary {
  id: string;
  name: string;
  /** Cut to CARD_TEXT characters, as cards show it. */
  description: string;
  avatar_id?: string;
}

/**
 * The summary of team `alias` as one JSON column (avatar_id left out when there is none); null when a
 * LEFT JOIN found no team, e.g. a deleted one.
 */
export const teamSummary = (alias: string) =>
  `CASE WHEN ${alias}.id IS NOT NULL THEN json_strip_nulls(json_build_object('id', ${alias}.id, 'name', ${alias}.name,
    'description', ${cutText(`${alias}.description`, CARD_TEXT)}, 'avatar_id', ${alias}.avatar_id)) END`;

/**
 * The ids of a user's teams, as a subquery with one column `id`: the teams they created and those where
 * one of their players is confirmed (teams.access's owner and member). `user` is the SQL of the user id.
 */
export const userTeamIds = (user: string) =>
  `(SELECT id FROM team WHERE creator_id = ${user} UNION SELECT team_id FROM team_player WHERE user_id = ${user} AND is_confirmed)`;

export async function teamExists(q: Queryable, teamId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM team WHERE id = $1', [teamId])).length > 0;
}

export async function insertTeam(q: Queryable, id: string, creatorId: string, t: NewTeam): Promise<void> {
  await q.execute(
    `INSERT INTO team (id, name, name_key, description, avatar_id, team_type, creator_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, t.name, textKey(t.name), t.description, t.avatar_id, t.team_type, creatorId],
  );
}

/** How many teams a user has created (deleted teams are gone, so they do not count); served by team_creator_id_idx. */
export async function countTeamsBy(q: Queryable, creatorId: string): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM team WHERE creator_id = $1', [creatorId]))[0].n;
}

export async function getTeam(q: Queryable, id: string): Promise<Team | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM team t WHERE t.id = $1`, [id]);
  return rows.length ? toTeam(rows[0]) : undefined;
}

/** A user's players on a team: whether any is confirmed, a confirmed admin, or there at all, and their oldest unconfirmed request. */
export interface Membership {
  is_member: boolean;
  is_admin: boolean;
  has_player: boolean;
  pending_request_id: string | null;
}

/** get_team's `viewer`: what the caller is in the team and may do there (all false for visitors). */
export interface TeamViewer {
  is_owner: boolean;
  is_admin: boolean;
  is_member: boolean;
  has_player: boolean;
  can_manage: boolean;
  /** Whether the join button is for them: an open team they are neither the owner nor a member of, with no request waiting (visitors: any open team). */
  can_join: boolean;
  /** The membership id of their request waiting for approval, to withdraw it with reject_team_player. */
  pending_request_id?: string;
}

/** The user's membership of team t, as columns of a statement over `team t`; $2 is the user id. */
const MEMBERSHIP = `LEFT JOIN LATERAL (
    SELECT COALESCE(bool_or(tp.is_confirmed), false) AS is_member,
           COALESCE(bool_or(tp.is_confirmed AND tp.team_role = 1), false) AS is_admin,
           count(*) > 0 AS has_player,
           (array_agg(tp.id ORDER BY tp.create_time, tp.id) FILTER (WHERE NOT tp.is_confirmed))[1] AS pending_request_id
    FROM team_player tp WHERE tp.user_id = $2::uuid AND tp.team_id = t.id) m ON true`;

const MEMBERSHIP_COLUMNS = 'm.is_member, m.is_admin, m.has_player, m.pending_request_id';

/** Nobody's id: a visitor has no players. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** A team and the user's membership of it in one statement; userId '' is a visitor. */
export async function getTeamWithMembership(q: Queryable, id: string, userId: string): Promise<{ team: Team; membership: Membership } | undefined> {
  const rows = await q.query<Row & Membership>(`SELECT ${COLUMNS}, ${MEMBERSHIP_COLUMNS} FROM team t ${MEMBERSHIP} WHERE t.id = $1`, [
    id,
    userId || NOBODY,
  ]);
  if (!rows.length) return undefined;
  const r = rows[0];
  return {
    team: toTeam(r),
    membership: { is_member: r.is_member, is_admin: r.is_admin, has_player: r.has_player, pending_request_id: r.pending_request_id },
  };
}

/** The team's creator and type, and the user's membership of it; undefined when there is no such team. */
export async function teamStanding(q: Queryable, id: string, userId: string): Promise<({ creator_id: string; team_type: number } & Membership) | undefined> {
  const rows = await q.query<{ creator_id: string; team_type: number } & Membership>(
    `SELECT t.creator_id, t.team_type, ${MEMBERSHIP_COLUMNS} FROM team t ${MEMBERSHIP} WHERE t.id = $1`,
    [id, userId || NOBODY],
  );
  return rows[0];
}

/** The users who manage a team: its owner and the users with a confirmed admin player (team_role 1), each once. */
export async function teamManagers(q: Queryable, teamId: string): Promise<string[]> {
  const rows = await q.query<{ user_id: string }>(
    `SELECT creator_id AS user_id FROM team WHERE id = $1
     UNION SELECT tp.user_id FROM team_player tp WHERE tp.team_id = $1 AND tp.is_confirmed AND tp.team_role = 1`,
    [teamId],
  );
  return rows.map((r) => r.user_id);
}

export async function updateTeam(q: Queryable, id: string, c: TeamChanges): Promise<Team | undefined> {
  const { values, p } = params(id);
  const sets = ['update_time = now()'];
  if (c.name !== undefined) sets.push(`name = ${p(c.name)}`, `name_key = ${p(textKey(c.name))}`);
  sets.push(...assign(p, c, ['description', 'avatar_id', 'team_type']));
  const n = await q.execute(`UPDATE team SET ${sets.join(', ')} WHERE id = $1`, values);
  return n ? getTeam(q, id) : undefined;
}

/** Its roster, formations, positions and events go with it (foreign keys cascade). */
export async function deleteTeam(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM team WHERE id = $1', [id])) > 0;
}

type CursorKey = [timeUs: string, id: string];

/** create_time in microseconds (a string of digits) and an id. */
const validCursor = (v: unknown[]) => v.length === 2 && typeof v[0] === 'string' && /^-?\d{1,18}$/.test(v[0]) && isUuid(v[1]);

/**
 * The statement of a page of teams, newest first; exported so tests can EXPLAIN it.
 * @internal
 */
export function listTeamsQuery(f: TeamFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const { values, p } = params();
  if (f.ids?.length) where.push(`t.id = ANY(${p(f.ids)}::uuid[])`);
  if (f.teamType !== undefined) where.push(`t.team_type = ${p(f.teamType)}`);
  if (f.creatorId) where.push(`t.creator_id = ${p(f.creatorId)}`);
  if (f.managerId) {
    const m = p(f.managerId);
    where.push(`t.id IN (SELECT c.id FROM team c WHERE c.creator_id = ${m}
      UNION SELECT tp.team_id FROM team_player tp WHERE tp.user_id = ${m} AND tp.is_confirmed AND tp.team_role = 1)`);
  }
  if (f.name) where.push(`t.name_key LIKE ${p(likePrefix(f.name))}`);
  if (f.cursor) {
    const [timeUs, id] = decodeCursor<CursorKey>(f.cursor, validCursor);
    where.push(`(t.create_time, t.id) < ('epoch'::timestamptz + ${p(timeUs)}::bigint * interval '1 microsecond', ${p(id)}::uuid)`);
  }
  const sql = `SELECT ${LIST_COLUMNS} FROM team t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY t.create_time DESC, t.id DESC LIMIT ${p(f.limit + 1)}`;
  return { sql, params: values };
}

export async function listTeams(q: Queryable, f: TeamFilter): Promise<{ teams: Team[]; cursor?: string }> {
  const { sql, params: values } = listTeamsQuery(f);
  const rows = await q.query<Row>(sql, values);
  return paged('teams', rows, f.limit, toTeam, (r) => encodeCursor([r.time_us, r.id] satisfies CursorKey));
}

/** A team's name, for what is said about it (notifications); undefined when there is no such team. */
export async function teamName(q: Queryable, id: string): Promise<string | undefined> {
  return (await q.query<{ name: string }>('SELECT name FROM team WHERE id = $1', [id]))[0]?.name;
}
