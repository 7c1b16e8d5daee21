// News, their likes and ratings: the SQL (their media: media-store.ts). Who may see a news item (its creator,
// or anyone when it is public; nobody once deleted) is part of every read here, so no caller can forget it.
// A description is stored with what lists show of it (preview.ts), and a listing reads only the latter.
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction, type KeySort } from '../lib/keyset.ts';
import { assign, params, times } from '../lib/sql.ts';
import type { PreparedDescription } from './html-worker.ts';
import { mediaOf, type NewsMedia } from './media-store.ts';

/** What a news item's page and its entry in a list share. */
export interface NewsBase {
  id: string;
  name: string;
  /** The description's plain text, its first 200 characters ("…" when cut): for the home page and link previews. */
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

/** A news item whole: create_news, get_news, update_news. */
export interface News extends NewsBase {
  description: string;
}

/** A news item in a list (list_news): what its card shows of the description instead of the description. */
export interface NewsListItem extends NewsBase {
  /** The first 8 blocks with text, without pictures or players, links unwrapped, at most 3 KB (preview.ts). */
  preview_html: string;
  /** Whether preview_html leaves anything of the description out. */
  description_cut: boolean;
  /** The first picture in the description, for the card of an item without an image medium. */
  preview_image?: string;
}

interface BaseRow {
  id: string;
  name: string;
  excerpt: string;
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

interface Row extends BaseRow {
  description: string;
}

interface ListRow extends BaseRow {
  /** Null until worked out for a row older than the column (backfill.ts). */
  preview_html: string | null;
  description_cut: boolean;
  preview_image: string | null;
}

/** Nobody's id: a visitor likes and rates nothing. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

// Statements name the news table (or a page of it) "n".
const BASE = `n.id, n.name, n.excerpt, n.creator_id, n.team_id, n.is_public, n.like_count, n.rating_count, n.rating_tenths,
  n.create_time, n.update_time`;
/** A whole item's columns. */
const ITEM = `${BASE}, n.description`;
/** A list entry's columns: never the description, so a listing reads none (nor has PostgreSQL de-TOAST one). */
const ENTRY = `${BASE}, n.preview_html, n.description_cut, n.preview_image`;
/**
 * The columns and the viewer's like and rating of the item, each read by primary key for the rows of a page
 * only; `viewer` is the placeholder of the viewer's id.
 */
const withViewer = (columns: string, viewer: string) => `SELECT ${columns},
  COALESCE((SELECT true FROM news_like l WHERE l.news_id = n.id AND l.user_id = ${viewer}::uuid), false) AS user_liked,
  COALESCE((SELECT r.rating FROM news_rating r WHERE r.news_id = n.id AND r.user_id = ${viewer}::uuid), 0)::int AS user_rating`;

function toBase(r: BaseRow, media: NewsMedia[]): NewsBase {
  const n: NewsBase = {
    id: r.id,
    name: r.name,
    excerpt: r.excerpt,
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

const toNews = (r: Row, media: NewsMedia[]): News => ({ ...toBase(r, media), description: r.description });

function toEntry(r: ListRow, media: NewsMedia[]): NewsListItem {
  const n: NewsListItem = { ...toBase(r, media), preview_html: r.preview_html ?? '', description_cut: r.description_cut };
  // The card shows its first medium; an item without an image medium may show the first picture of its text.
  if (r.preview_image !== null && !media.some((m) => m.media_type === 'image')) n.preview_image = r.preview_image;
  return n;
}

export interface NewNews {
  name: string;
  /** The description as stored and what lists show of it (html-worker.ts). */
  description: PreparedDescription;
  is_public: boolean;
  team_id: string | null;
}

/** The columns a description is stored in, in this order. */
const DESCRIPTION_COLUMNS = ['description', 'preview_html', 'description_cut', 'preview_image', 'excerpt'] as const;
const descriptionValues = (d: PreparedDescription) => [d.description, d.preview_html, d.description_cut, d.preview_image ?? null, d.excerpt];

export async function insertNews(q: Queryable, id: string, creatorId: string, n: NewNews): Promise<void> {
  await q.execute(
    `INSERT INTO news (id, name, creator_id, team_id, is_public, ${DESCRIPTION_COLUMNS.join(', ')})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, n.name, creatorId, n.team_id, n.is_public, ...descriptionValues(n.description)],
  );
}

/** A news item as the viewer sees it ('' is a visitor); undefined when it is missing, deleted or another's private one. */
export async function getNews(q: Queryable, id: string, viewer: string): Promise<News | undefined> {
  const rows = await q.query<Row>(
    `${withViewer(ITEM, '$2')} FROM news n
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
  description?: PreparedDescription;
  is_public?: boolean;
}

export async function updateNews(q: Queryable, id: string, c: NewsChanges): Promise<void> {
  const { values, p } = params(id);
  const sets = ['update_time = now()', ...assign(p, c, ['name', 'is_public'])];
  if (c.description) {
    const given = descriptionValues(c.description);
    sets.push(...DESCRIPTION_COLUMNS.map((column, i) => `${column} = ${p(given[i])}`));
  }
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

const SORTS: Record<NewsSort, KeySort<BaseRow> & { dir: Direction }> = {
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
export async function listNews(q: Queryable, f: NewsQuery): Promise<{ news: NewsListItem[]; cursor?: string }> {
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
  const source = branches.map((where) => `(SELECT ${ENTRY} FROM news n WHERE ${where.join(' AND ')} ORDER BY ${ks.order} LIMIT ${limit})`);
  const rows = await q.query<ListRow>(
    `${withViewer(ENTRY, viewer)} FROM (${source.join(' UNION ALL ')}) n ORDER BY ${ks.order} LIMIT ${limit}`,
    values,
  );
  const media = await mediaOf(q, rows.slice(0, f.limit).map((r) => r.id));
  return paged('news', rows, f.limit, (r) => toEntry(r, media.get(r.id)!), ks.cursorOf);
}

/** A news item as a list shows it, for the viewer ('' is a visitor); undefined when they may not see it. */
export async function getNewsEntry(q: Queryable, id: string, viewer: string): Promise<NewsListItem | undefined> {
  const [r] = await q.query<ListRow>(
    `${withViewer(ENTRY, '$2')} FROM news n
     WHERE n.id = $1 AND n.delete_time IS NULL AND (n.is_public OR n.creator_id = $2::uuid)`,
    [id, viewer || NOBODY],
  );
  return r && toEntry(r, (await mediaOf(q, [r.id])).get(r.id)!);
}
