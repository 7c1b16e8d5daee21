// Tournaments' and their ratings' SQL (see migrations/0013_tournaments.sql). Deletion is soft; a deleted
// tournament is never listed. Statements that change a tournament's start or deletion change the copies
// its team links keep, in the same transaction.
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction, type KeySort } from '../lib/keyset.ts';
import { assign, params, setDeleted, times } from '../lib/sql.ts';
import { CARD_TEXT, cutText } from '../lib/text.ts';

export const TOURNAMENT_ACCESS = ['open', 'closed'] as const;
export type TournamentAccess = (typeof TOURNAMENT_ACCESS)[number];

export interface Tournament {
  id: string;
  title: string;
  description: string;
  /** An uploaded file's id (the cover). */
  image_url?: string;
  /** 0 cup, 1 round-robin. */
  tournament_type: number;
  access: TournamentAccess;
  start_time: string;
  /** The average of the ratings given, 0 when none. */
  rating: number;
  rating_count: number;
  /** The caller's rating, 0 when they have given none (always 0 for visitors). */
  user_rating: number;
  creator_id: string;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

interface Row {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  tournament_type: number;
  access: TournamentAccess;
  start_time: Date;
  rating: number;
  rating_count: number;
  user_rating: number;
  creator_id: string;
  create_time: Date;
  update_time: Date;
  delete_time: Date | null;
}

/**
 * Tournaments t with the rating of the user whose id is the parameter `viewer` (null: a visitor, none), looked
 * up by its key for each row answered (a join would let the planner scan every rating of a page's worth); a
 * list's description cut as its card shows it.
 */
const select = (viewer: string, list = false) =>
  `SELECT t.id, t.title, ${list ? `${cutText('t.description', CARD_TEXT)} AS description` : 't.description'}, t.image_url, t.tournament_type, t.access, t.start_time,
     CASE WHEN t.rating_count > 0 THEN t.rating_sum::float8 / t.rating_count ELSE 0 END AS rating,
     t.rating_count,
     COALESCE((SELECT r.rating FROM tournament_rating r WHERE r.tournament_id = t.id AND r.user_id = ${viewer}::uuid), 0)::int AS user_rating,
     t.creator_id, t.create_time, t.update_time, t.delete_time
   FROM tournament t`;

function toTournament(r: Row): Tournament {
  const t: Tournament = {
    id: r.id,
    title: r.title,
    description: r.description,
    tournament_type: r.tournament_type,
    access: r.access,
    start_time: r.start_time.toISOString(),
    rating: r.rating,
    rating_count: r.rating_count,
    user_rating: r.user_rating,
    creator_id: r.creator_id,
    ...times(r),
  };
  if (r.image_url) t.image_url = r.image_url;
  if (r.delete_time) t.delete_time = r.delete_time.toISOString();
  return t;
}

export interface NewTournament {
  title: string;
  description: string;
  image_url: string | null;
  tournament_type: number;
  access: TournamentAccess;
  start_time: Date;
}

export async function createTournament(q: Queryable, id: string, creatorId: string, n: NewTournament): Promise<Tournament> {
  await q.execute(
    `INSERT INTO tournament (id, title, description, image_url, tournament_type, access, start_time, creator_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, n.title, n.description, n.image_url, n.tournament_type, n.access, n.start_time, creatorId],
  );
  return (await getTournament(q, id, creatorId))!;
}

/** A tournament, deleted or not, with the viewer's rating (userId '' is a visitor). */
export async function getTournament(q: Queryable, id: string, userId: string): Promise<Tournament | undefined> {
  const rows = await q.query<Row>(`${select('$2')} WHERE t.id = $1`, [id, userId || null]);
  return rows.length ? toTournament(rows[0]) : undefined;
}

/** What the rules about a tournament read. */
export interface TournamentHead {
  id: string;
  creator_id: string;
  access: TournamentAccess;
  start_time: Date;
  deleted: boolean;
}

/**
 * Locks a tournament's row until the transaction ends and answers what the rules read. 'update' for
 * changes of the row itself (ratings, edits, deletion); 'share' for links, which then cannot be made
 * while the tournament is being changed or deleted, and see its latest start and deletion.
 */
export async function lockTournament(q: Queryable, id: string, mode: 'update' | 'share'): Promise<TournamentHead | undefined> {
  const rows = await q.query<TournamentHead>(
    `SELECT id, creator_id, access, start_time, delete_time IS NOT NULL AS deleted FROM tournament WHERE id = $1
     FOR ${mode === 'update' ? 'NO KEY UPDATE' : 'SHARE'}`,
    [id],
  );
  return rows[0];
}

/** Fields to change; undefined leaves a field as it is, null clears image_url. */
export type TournamentChanges = Partial<NewTournament>;

/** Call under the tournament's lock: the links' copy of the start time changes with it. */
export async function updateTournament(q: Queryable, id: string, c: TournamentChanges): Promise<void> {
  const { values, p } = params(id);
  const sets = ['update_time = now()', ...assign(p, c, ['title', 'description', 'image_url', 'tournament_type', 'access', 'start_time'])];
  await q.execute(`UPDATE tournament SET ${sets.join(', ')} WHERE id = $1`, values);
  if (c.start_time) {
    await q.execute('UPDATE team_tournament SET tournament_start_time = $2 WHERE tournament_id = $1', [id, c.start_time]);
  }
}

/** Soft; a no-op when already deleted. Call under the tournament's lock: its links are marked with it. */
export async function deleteTournament(q: Queryable, id: string): Promise<void> {
  await setDeleted(q, 'tournament', id, true);
  await q.execute('UPDATE team_tournament SET tournament_deleted = true WHERE tournament_id = $1', [id]);
}

/**
 * Sets the user's rating of a tournament, a first one or a change, and moves the counters by the
 * difference. Call under the tournament's lock ('update'): concurrent ratings then queue, and each sees
 * the one before it.
 */
export async function rateTournament(q: Queryable, tournamentId: string, userId: string, rating: number): Promise<void> {
  const [previous] = await q.query<{ rating: number }>('SELECT rating FROM tournament_rating WHERE tournament_id = $1 AND user_id = $2', [
    tournamentId,
    userId,
  ]);
  await q.execute(
    `INSERT INTO tournament_rating (tournament_id, user_id, rating) VALUES ($1, $2, $3)
     ON CONFLICT (tournament_id, user_id) DO UPDATE SET rating = EXCLUDED.rating, update_time = now()`,
    [tournamentId, userId, rating],
  );
  await q.execute('UPDATE tournament SET rating_sum = rating_sum + $2, rating_count = rating_count + $3 WHERE id = $1', [
    tournamentId,
    rating - (previous?.rating ?? 0),
    previous ? 0 : 1,
  ]);
}

/** @internal */
export type TournamentSort = 'newest' | 'start_time';

/** newest: by creation, latest first; start_time: soonest first. */
const SORTS: Record<TournamentSort, { sort: KeySort<Row>; dir: Direction }> = {
  newest: { sort: { column: 't.create_time', kind: 'time', key: (r) => r.create_time }, dir: 'desc' },
  start_time: { sort: { column: 't.start_time', kind: 'time', key: (r) => r.start_time }, dir: 'asc' },
};

export interface TournamentQuery {
  /** The caller, whose ratings are answered; '' for a visitor. */
  viewerId: string;
  tournamentType?: number;
  creatorId?: string;
  /** Starting at or after / before. */
  startAfter?: Date;
  startBefore?: Date;
  sort: TournamentSort;
  limit: number;
  cursor?: string;
}

/** Live tournaments only; served by the partial index of the sort (of one type or creator, when given). */
export async function listTournaments(q: Queryable, f: TournamentQuery): Promise<{ tournaments: Tournament[]; cursor?: string }> {
  const { values, p } = params(f.viewerId || null);
  const where = ['t.delete_time IS NULL'];
  if (f.tournamentType !== undefined) where.push(`t.tournament_type = ${p(f.tournamentType)}`);
  if (f.creatorId) where.push(`t.creator_id = ${p(f.creatorId)}`);
  if (f.startAfter) where.push(`t.start_time >= ${p(f.startAfter)}`);
  if (f.startBefore) where.push(`t.start_time < ${p(f.startBefore)}`);
  const { sort, dir } = SORTS[f.sort];
  const ks = keyset(`tournaments:${f.sort}`, sort, 't.id', dir, f.cursor, p);
  if (ks.where) where.push(ks.where);
  const rows = await q.query<Row>(`${select('$1', true)} WHERE ${where.join(' AND ')} ORDER BY ${ks.order} LIMIT ${p(f.limit + 1)}`, values);
  return paged('tournaments', rows, f.limit, toTournament, ks.cursorOf);
}
