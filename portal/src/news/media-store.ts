// The images and videos of news items: the SQL. Who may change them is checked by the RPCs, under the
// news row's lock (store.ts, lockNews).
import type { Queryable } from '@tribuna/server';

export type MediaType = 'image' | 'video';

/** An uploaded video's state; its addresses (signed for the viewer) only once it is ready. */
export interface NewsVideo {
  status: 'queued' | 'processing' | 'ready' | 'failed';
  /** Percent of the encoding done. */
  progress: number;
  duration_ms: number;
  width?: number;
  height?: number;
  /** The WebP poster frame. */
  poster_url?: string;
  /** AV1 first, then H.264: the order of a <video>'s <source> elements. */
  sources?: Array<{ src: string; type: string }>;
  /** Why the encoding failed (Russian), for the creator. */
  error?: string;
}

export interface NewsMedia {
  id: string;
  news_id: string;
  media_type: MediaType;
  /** The uploaded file's id; the web shows it from /uploads/{s3_key}. */
  s3_key: string;
  position: number;
  create_time: string;
  /** For a medium naming an uploaded video (POST /v2/video-uploads). */
  video?: NewsVideo;
}

interface MediaRow {
  id: string;
  news_id: string;
  media_type: MediaType;
  file_id: string;
  position: number;
  create_time: Date;
}

const MEDIA = 'm.id, m.news_id, m.media_type, m.file_id, m.position, m.create_time';

function toMedia(r: MediaRow): NewsMedia {
  return { id: r.id, news_id: r.news_id, media_type: r.media_type, s3_key: r.file_id, position: r.position, create_time: r.create_time.toISOString() };
}

/** The media of the given news items, in one statement: each item's read in order from its index. */
export async function mediaOf(q: Queryable, newsIds: string[]): Promise<Map<string, NewsMedia[]>> {
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

/** The news item a medium belongs to and the file it names; undefined for an unknown medium. */
export async function mediaNews(q: Queryable, id: string): Promise<{ news_id: string; file_id: string; media_type: MediaType } | undefined> {
  return (await q.query<{ news_id: string; file_id: string; media_type: MediaType }>('SELECT news_id, file_id, media_type FROM news_media WHERE id = $1', [id]))[0];
}

/** Whether any news medium names the file. */
export async function fileInMedia(q: Queryable, fileId: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM news_media WHERE file_id = $1 LIMIT 1', [fileId])).length > 0;
}

/** The uploaded videos a news item shows that no other news item (not deleted) shows. */
export async function videosOnlyIn(q: Queryable, newsId: string): Promise<string[]> {
  const rows = await q.query<{ file_id: string }>(
    `SELECT DISTINCT m.file_id FROM news_media m
      WHERE m.news_id = $1 AND m.media_type = 'video'
        AND NOT EXISTS (SELECT 1 FROM news_media o JOIN news n ON n.id = o.news_id
                         WHERE o.file_id = m.file_id AND o.news_id <> m.news_id AND n.delete_time IS NULL)`,
    [newsId],
  );
  return rows.map((r) => r.file_id);
}

/** Removes a medium of a locked news item (lockNews); the item counts as changed. */
export async function deleteMedia(q: Queryable, id: string, newsId: string): Promise<void> {
  if (await q.execute('DELETE FROM news_media WHERE id = $1 AND news_id = $2', [id, newsId])) {
    await q.execute('UPDATE news SET update_time = now() WHERE id = $1', [newsId]);
  }
}
