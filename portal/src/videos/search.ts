// Full-text search over a team's live videos: title, tags and description (weighted in that order),
// ranked by ts_rank. Each allowed language has its own stored tsvector column with a GIN index
// (migrations/0009_team_videos.sql).
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { decodeKeyCursor, encodeKeyCursor } from '../lib/keyset.ts';
import { toVideo, VIDEO, type Video, type VideoRow } from './store.ts';

export const LANGUAGES = ['russian', 'english', 'simple'] as const;
type Language = (typeof LANGUAGES)[number];

// The only text that reaches the SQL from `language`: fixed names per allowed configuration.
const SQL: Record<Language, { config: string; column: string }> = {
  russian: { config: "'russian'::regconfig", column: 'v.search_russian' },
  english: { config: "'english'::regconfig", column: 'v.search_english' },
  simple: { config: "'simple'::regconfig", column: 'v.search_simple' },
};

export interface SearchQuery {
  teamId: string;
  query: string;
  language: Language;
  limit: number;
  cursor?: string;
}

/**
 * Best match first, id breaking ties. The cursor holds the last row's rank as ts_rank gave it (a real,
 * exact through JSON), so the next page starts strictly after it. The query is read as a web search
 * (websearch_to_tsquery): words, "phrases", or, -word; it never fails on syntax.
 */
export async function searchVideos(db: Queryable, q: SearchQuery): Promise<{ videos: Video[]; cursor?: string }> {
  const { config, column } = SQL[q.language];
  const scope = `video-search:${q.language}`;
  const after = q.cursor ? decodeKeyCursor(q.cursor, scope, 'real') : undefined;
  const rows = await db.query<VideoRow & { rank: number }>(
    `SELECT * FROM (
       SELECT ${VIDEO}, ts_rank(${column}, query) AS rank
       FROM team_video v
       JOIN team_video_section s ON s.id = v.section_id,
            websearch_to_tsquery(${config}, $2) AS query
       WHERE ${column} @@ query
         AND v.team_id = $1 AND v.delete_time IS NULL AND s.delete_time IS NULL
     ) r
     WHERE $3::real IS NULL OR r.rank < $3::real OR (r.rank = $3::real AND r.id > $4::uuid)
     ORDER BY r.rank DESC, r.id ASC
     LIMIT $5`,
    [q.teamId, q.query, after?.key ?? null, after?.id ?? null, q.limit + 1],
  );
  return paged('videos', rows, q.limit, toVideo, (r) => encodeKeyCursor(scope, r.rank, r.id));
}
