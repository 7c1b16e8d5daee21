// News, their likes, ratings and media: the SQL. Who may see a news item (its creator, or anyone when it
// is public; nobody once deleted) is part of every read here, so no caller can forget it.
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction, type KeySort } from '../lib/keyset.ts';
import { assign, params, times } from '../lib/sql.ts';
import { plainText } from './preview.ts';

export type MediaType = 'image' | 'video';

export interface NewsMedia {
  id: string;
  news_id: string;
  media_type: MediaType;
  /** The uploaded file's id; the web shows it from /uploads/{s3_key}. */
  s3_key: string;
  position: number;
  create_time: string;
}

export interface News {
  id: string;
  name: string;
  description: string;
  /** The description's plain text, its first 200 characters ("…" when cut): for lists and previews. */
  excerpt: string;
  creator_id: string;
  team_id?: string;
  is_public: boolean;
  like_count: number;
  /** Whether the caller likes it; false for visitors. */
  user_liked: boolean;
  rating_count: number;
  /** The average rating to one decimal; 0 with no ratings. */
  average_rating: number;
  /** The caller's rating, 1 to 5; 0 when none (always for visitors). */
  user_rating: number;
  /** By position, then by when each was added. */
  media: NewsMedia[];
  create_time: string;
  update_time: string;
}

interface Row {
  id: string;
  name: string;
  description: string;
  creator_id: string;
  team_id: string | null;
  is_public: boolean;
  like_count: number;
  rating_count: number;
  rating_tenths: number;
  create_time: Date;
  update_time: Date;
  user_liked: boolean;
  user_rating: number;
}

interface MediaRow {
  id: string;
  news_id: string;
  media_type: MediaType;
  file_id: string;
  position: number;
  create_time: Date;
}

/** Nobody's id: a visitor likes and rates nothing. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

// Statements name the news table (or a page of it) "n".
const NEWS = `n.id, n.name, n.description, n.creator_id, n.team_id, n.is_public, n.like_count, n.rating_count,
  n.rating_tenths, n.create_time, n.update_time`;
/**
 * NEWS and the viewer's like and rating of it, each read by primary key for the rows of a page only;
 * `viewer` is the placeholder of the viewer's id.
 */
const withViewer = (viewer: string) => `SELECT ${NEWS},
  COALESCE((SELECT true FROM news_like l WHERE l.news_id = n.id AND l.user_id = ${viewer}::uuid), false) AS user_liked,
  COALESCE((SELECT r.rating FROM news_rating r WHERE r.news_id = n.id AND r.user_id = ${viewer}::uuid), 0)::int AS user_rating`;
const MEDIA = 'm.id, m.news_id, m.media_type, m.file_id, m.position, m.create_time';

function toMedia(r: MediaRow): NewsMedia {
  return { id: r.id, news_id: r.news_id, media_type: r.media_type, s3_key: r.file_id, position: r.position, create_time: r.create_time.toISOString() };
}

function toNews(r: Row, media: NewsMedia[]): News {
  const n: News = {
    id: r.id,
    name: r.name,
    description: r.description,
    excerpt: plainText(r.description),
    creator_id: r.creator_id,
    is_public: r.is_public,
    like_count: r.like_count,
    user_liked: r.user_liked,
    rating_count: r.rating_count,
    average_rating: r.rating_tenths / 10,
    user_rating: r.user_rating,
    media,
    ...times(r),
  };
  if (r.team_id !== null) n.team_id = r.team_id;
  return n;
}

/** The media of the given news items, in one statement: each item's read in order from its index. */
async function mediaOf(q: Queryable, newsIds: string[]): Promise<Map<string, NewsMedia[]>> {
  const byNews = new Map<string, NewsMedia[]>(newsIds.map((id) => [id, []]));
  if (!newsIds.length) return byNews;
  const rows = await q.query<MediaRow>(
    `SELECT ${MEDIA} FROM unnest($1::uuid[]) AS page (news_id)
     CROSS JOIN LATERAL (SELECT ${MEDIA} FROM news_media m WHERE m.news_id = page.news_id ORDER BY m.position, m.create_time, m.id) m`,
    [newsIds],
  );
  for (const r of rows) byNews.get(r.news_id)!.push(toMedia(r));
  return byNews;
}

export interface NewNews {
  name: string;
  description: string;
  is_public: boolean;
  team_id: string | null;
}

export async function insertNews(q: Queryable, id: string, creatorId: string, n: NewNews): Promise<void> {
  await q.execute('INSERT INTO news (id, name, description, creator_id, team_id, is_public) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    n.name,
    n.description,
    creatorId,
    n.team_id,
    n.is_public,
  ]);
}

/** A news item as the viewer sees it ('' is a visitor); undefined when it is missing, deleted or another's private one. */
export async function getNews(q: Queryable, id: string, viewer: string): Promise<News | undefined> {
  const rows = await q.query<Row>(
    `${withViewer('$2')} FROM news n
     WHERE n.id = $1 AND n.delete_time IS NULL AND (n.is_public OR n.creator_id = $2::uuid)`,
    [id, viewer || NOBODY],
  );
  const [r] = rows;
  return r && toNews(r, (await mediaOf(q, [r.id])).get(r.id)!);
}

/** Who wrote a live news item and whether it is public, with its row locked until the transaction ends. */
export async function lockNews(q: Queryable, id: string): Promise<{ creator_id: string; is_public: boolean } | undefined> {
  // NO KEY UPDATE: likes, ratings and media of the item queue here; their foreign keys' KEY SHARE locks do not.
  const rows = await q.query<{ creator_id: string; is_public: boolean }>(
    'SELECT creator_id, is_public FROM news WHERE id = $1 AND delete_time IS NULL FOR NO KEY UPDATE',
    [id],
  );
  return rows[0];
}

/** Fields to change; undefined leaves a field as it is. */
export interface NewsChanges {
  name?: string;
  description?: string;
  is_public?: boolean;
}

export async function updateNews(q: Queryable, id: string, c: NewsChanges): Promise<void> {
  const { values, p } = params(id);
  const sets = ['update_time = now()', ...assign(p, c, ['name', 'description', 'is_public'])];
  await q.execute(`UPDATE news SET ${sets.join(', ')} WHERE id = $1`, values);
}

export async function deleteNews(q: Queryable, id: string): Promise<void> {
  await q.execute('UPDATE news SET delete_time = now(), update_time = now() WHERE id = $1 AND delete_time IS NULL', [id]);
}

/** Adds or removes the user's like of a locked news item (lockNews); the count changes only when the like did. */
export async function setLiked(q: Queryable, newsId: string, userId: string, liked: boolean): Promise<number> {
  const changed = liked
    ? await q.execute('INSERT INTO news_like (news_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [newsId, userId])
    : await q.execute('DELETE FROM news_like WHERE news_id = $1 AND user_id = $2', [newsId, userId]);
  const rows = changed
    ? await q.query<{ like_count: number }>('UPDATE news SET like_count = like_count + $2 WHERE id = $1 RETURNING like_count', [
        newsId,
        liked ? 1 : -1,
      ])
    : await q.query<{ like_count: number }>('SELECT like_count FROM news WHERE id = $1', [newsId]);
  return rows[0].like_count;
}

/** Sets the user's rating of a locked news item (lockNews), replacing theirs; the sum, count and average follow. */
export async function setRating(q: Queryable, newsId: string, userId: string, rating: number): Promise<{ rating_count: number; average_rating: number }> {
  const [old] = await q.query<{ rating: number }>('SELECT rating FROM news_rating WHERE news_id = $1 AND user_id = $2', [newsId, userId]);
  await q.execute(
    `INSERT INTO news_rating (news_id, user_id, rating) VALUES ($1, $2, $3)
     ON CONFLICT (news_id, user_id) DO UPDATE SET rating = EXCLUDED.rating, update_time = now()`,
    [newsId, userId, rating],
  );
  const [r] = await q.query<{ rating_count: number; rating_tenths: number }>(
    `UPDATE news SET rating_sum = rating_sum + $2, rating_count = rating_count + $3,
       rating_tenths = round((rating_sum + $2) * 10.0 / (rating_count + $3))
     WHERE id = $1 RETURNING rating_count, rating_tenths`,
    [newsId, rating - (old?.rating ?? 0), old ? 0 : 1],
  );
  return { rating_count: r.rating_count, average_rating: r.rating_tenths / 10 };
}

export type NewsSort = 'newest' | 'oldest' | 'popular' | 'rating';

const SORTS: Record<NewsSort, KeySort<Row> & { dir: Direction }> = {
  newest: { column: 'n.create_time', kind: 'time', key: (r) => r.create_time, dir: 'desc' },
  oldest: { column: 'n.create_time', kind: 'time', key: (r) => r.create_time, dir: 'asc' },
  popular: { column: 'n.like_count', kind: 'int', key: (r) => r.like_count, dir: 'desc' },
  rating: { column: 'n.rating_tenths', kind: 'int', key: (r) => r.rating_tenths, dir: 'desc' },
};

export interface NewsQuery {
  /** The caller; '' for a visitor. */
  viewer: string;
  /** The caller's own news only, public and private. */
  onlyMine: boolean;
  /** Public news only; otherwise the caller's private ones come too (others' never do). */
  onlyPublic: boolean;
  teamId?: string;
  sort: NewsSort;
  limit: number;
  cursor?: string;
}

/**
 * A page of news in the order asked, id breaking ties. Each branch is a range of one partial index
 * (public, a team's public, a creator's); a signed-in caller's own private news come from a second branch,
 * merged with the public ones.
 */
export async function listNews(q: Queryable, f: NewsQuery): Promise<{ news: News[]; cursor?: string }> {
  if (f.onlyMine && !f.viewer) return { news: [] };
  const sort = SORTS[f.sort];
  const { values, p } = params();
  const viewer = p(f.viewer || NOBODY);
  const ks = keyset(`news:${f.sort}`, sort, 'n.id', sort.dir, f.cursor, p);
  const limit = p(f.limit + 1);
  const common = ['n.delete_time IS NULL'];
  if (f.teamId) common.push(`n.team_id = ${p(f.teamId)}`);
  if (ks.where) common.push(ks.where);
  const mine = [`n.creator_id = ${viewer}::uuid`, ...common];
  const branches: string[][] = [];
  if (f.onlyMine) branches.push(f.onlyPublic ? [...mine, 'n.is_public'] : mine);
  else {
    branches.push(['n.is_public', ...common]);
    if (f.viewer && !f.onlyPublic) branches.push([...mine, 'NOT n.is_public']);
  }
  const source = branches.map((where) => `(SELECT ${NEWS} FROM news n WHERE ${where.join(' AND ')} ORDER BY ${ks.order} LIMIT ${limit})`);
  const rows = await q.query<Row>(
    `${withViewer(viewer)} FROM (${source.join(' UNION ALL ')}) n ORDER BY ${ks.order} LIMIT ${limit}`,
    values,
  );
  const media = await mediaOf(q, rows.slice(0, f.limit).map((r) => r.id));
  return paged('news', rows, f.limit, (r) => toNews(r, media.get(r.id)!), ks.cursorOf);
}

/** How many media a news item has. */
export async function countMedia(q: Queryable, newsId: string): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM news_media WHERE news_id = $1', [newsId]))[0].n;
}

export interface NewMedia {
  news_id: string;
  media_type: MediaType;
  file_id: string;
  position: number;
}

/** Adds a medium to a locked news item (lockNews); the item counts as changed. */
export async function insertMedia(q: Queryable, id: string, m: NewMedia): Promise<NewsMedia> {
  const rows = await q.query<MediaRow>(
    `INSERT INTO news_media AS m (id, news_id, media_type, file_id, position) VALUES ($1, $2, $3, $4, $5) RETURNING ${MEDIA}`,
    [id, m.news_id, m.media_type, m.file_id, m.position],
  );
  await q.execute('UPDATE news SET update_time = now() WHERE id = $1', [m.news_id]);
  return toMedia(rows[0]);
}

/** The news item a medium belongs to; undefined for an unknown medium. */
export async function mediaNews(q: Queryable, id: string): Promise<string | undefined> {
  return (await q.query<{ news_id: string }>('SELECT news_id FROM news_media WHERE id = $1', [id]))[0]?.news_id;
}

/** Removes a medium of a locked news item (lockNews); the item counts as changed. */
export async function deleteMedia(q: Queryable, id: string, newsId: string): Promise<void> {
  if (await q.execute('DELETE FROM news_media WHERE id = $1 AND news_id = $2', [id, newsId])) {
    await q.execute('UPDATE news SET update_time = now() WHERE id = $1', [newsId]);
  }
}
