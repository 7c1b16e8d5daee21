// Players' SQL. Names are matched and ordered by their lower-cased keys (see migrations/0002_players.sql).
import type { Queryable } from '@tribuna/server';
import { decodeCursor, encodeCursor, isUuid, paged } from '../lib/cursor.ts';
import { assign, likePrefix, params, textKey, times } from '../lib/sql.ts';

export interface Player {
  id: string;
  first_name: string;
  middle_name?: string;
  last_name: string;
  avatar_id?: string;
  creator_id: string;
  /** Career totals, counted from the events of confirmed matches (competition/stats-store.ts). */
  goals: number;
  assists: number;
  /** Appearances: confirmed matches whose events name the player. */
  matches: number;
  yellow: number;
  red: number;
  create_time: string;
  update_time: string;
}

export interface NewPlayer {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  avatar_id: string | null;
}

/** Fields to change; undefined leaves a field as it is, null clears an optional one. */
export interface PlayerChanges {
  first_name?: string;
  middle_name?: string | null;
  last_name?: string;
  avatar_id?: string | null;
}

export interface PlayerFilter {
  limit: number;
  cursor?: string;
  ids?: string[];
  creatorIds?: string[];
  firstName?: string;
  lastName?: string;
  minGoals?: number;
  maxGoals?: number;
  minMatches?: number;
  maxMatches?: number;
}

interface Row {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  first_name_key: string;
  last_name_key: string;
  avatar_id: string | null;
  creator_id: string;
  goals: number;
  assists: number;
  matches: number;
  yellow: number;
  red: number;
  create_time: Date;
  update_time: Date;
}

const COLUMNS = `id, first_name, middle_name, last_name, first_name_key, last_name_key, avatar_id, creator_id,
  goals, assists, matches, yellow, red, create_time, update_time`;

function toPlayer(r: Row): Player {
  const p: Player = {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    creator_id: r.creator_id,
    goals: r.goals,
    assists: r.assists,
    matches: r.matches,
    yellow: r.yellow,
    red: r.red,
    ...times(r),
  };
  if (r.middle_name !== null) p.middle_name = r.middle_name;
  if (r.avatar_id !== null) p.avatar_id = r.avatar_id;
  return p;
}

export async function createPlayer(db: Queryable, id: string, creatorId: string, p: NewPlayer): Promise<Player> {
  const rows = await db.query<Row>(
    `INSERT INTO player (id, first_name, middle_name, last_name, first_name_key, last_name_key, avatar_id, creator_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [id, p.first_name, p.middle_name, p.last_name, textKey(p.first_name), textKey(p.last_name), p.avatar_id, creatorId],
  );
  return toPlayer(rows[0]);
}

/** How many players a user has created; served by player_creator_last_first_id_idx. */
export async function countPlayersBy(db: Queryable, creatorId: string): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM player WHERE creator_id = $1', [creatorId]))[0].n;
}

export async function getPlayer(db: Queryable, id: string): Promise<Player | undefined> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM player WHERE id = $1`, [id]);
  return rows.length ? toPlayer(rows[0]) : undefined;
}

/** Why a change by someone was not made. */
export type Refusal = 'not-found' | 'not-creator';

async function refusal(db: Queryable, id: string): Promise<Refusal> {
  const rows = await db.query('SELECT 1 FROM player WHERE id = $1', [id]);
  return rows.length ? 'not-creator' : 'not-found';
}

/** Changes a player if creatorId created it; one statement, so the check and the write cannot drift apart. */
export async function updatePlayer(db: Queryable, id: string, creatorId: string, c: PlayerChanges): Promise<Player | Refusal> {
  const { values, p } = params(id, creatorId);
  const sets = ['update_time = now()'];
  if (c.first_name !== undefined) sets.push(`first_name = ${p(c.first_name)}`, `first_name_key = ${p(textKey(c.first_name))}`);
  if (c.last_name !== undefined) sets.push(`last_name = ${p(c.last_name)}`, `last_name_key = ${p(textKey(c.last_name))}`);
  sets.push(...assign(p, c, ['middle_name', 'avatar_id']));
  const rows = await db.query<Row>(
    `UPDATE player SET ${sets.join(', ')} WHERE id = $1 AND creator_id = $2 RETURNING ${COLUMNS}`,
    values,
  );
  return rows.length ? toPlayer(rows[0]) : refusal(db, id);
}

export async function deletePlayer(db: Queryable, id: string, creatorId: string): Promise<Refusal | undefined> {
  const n = await db.execute('DELETE FROM player WHERE id = $1 AND creator_id = $2', [id, creatorId]);
  return n ? undefined : refusal(db, id);
}

type CursorKey = [lastKey: string, firstKey: string, id: string];

const cursorOf = (r: Row) => encodeCursor([r.last_name_key, r.first_name_key, r.id] satisfies CursorKey);

/** Three strings without NUL, the last an id. */
const validCursor = (v: unknown[]) => v.length === 3 && v.every((x) => typeof x === 'string' && !x.includes('\u0000')) && isUuid(v[2]);

/** A page in (last name, first name, id) order; the cursor names the last row of the page. */
export async function listPlayers(db: Queryable, f: PlayerFilter): Promise<{ players: Player[]; cursor?: string }> {
  const where: string[] = [];
  const { values, p } = params();
  if (f.ids?.length) where.push(`id = ANY(${p(f.ids)}::uuid[])`);
  if (f.creatorIds?.length) where.push(`creator_id = ANY(${p(f.creatorIds)}::uuid[])`);
  if (f.firstName) where.push(`first_name_key LIKE ${p(likePrefix(f.firstName))}`);
  if (f.lastName) where.push(`last_name_key LIKE ${p(likePrefix(f.lastName))}`);
  if (f.minGoals !== undefined) where.push(`goals >= ${p(f.minGoals)}`);
  if (f.maxGoals !== undefined) where.push(`goals <= ${p(f.maxGoals)}`);
  if (f.minMatches !== undefined) where.push(`matches >= ${p(f.minMatches)}`);
  if (f.maxMatches !== undefined) where.push(`matches <= ${p(f.maxMatches)}`);
  if (f.cursor) {
    const [last, first, id] = decodeCursor<CursorKey>(f.cursor, validCursor);
    where.push(`(last_name_key, first_name_key, id) > (${p(last)}, ${p(first)}, ${p(id)}::uuid)`);
  }
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM player ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY last_name_key, first_name_key, id LIMIT ${p(f.limit + 1)}`,
    values,
  );
  return paged('players', rows, f.limit, toPlayer, cursorOf);
}

/** The teams where the player is confirmed: its user may leave them when it goes. */
export async function teamsOfPlayer(q: Queryable, playerId: string): Promise<string[]> {
  const rows = await q.query<{ team_id: string }>('SELECT DISTINCT team_id FROM team_player WHERE player_id = $1 AND is_confirmed', [playerId]);
  return rows.map((r) => r.team_id);
}
