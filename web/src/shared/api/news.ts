// News' keys, and list_news, which the news pages, a team's news and the home page read: one query
// function under one key factory, so a key always holds one shape (pages of NewsPage for lists, a
// NewsPage for the home page's latest, a News for one item). A list holds NewsListItems (a preview of
// each description), an item the whole News; both are NewsBase. The paged lists are the news feature's
// (features/news/api/list-news.ts), so the home page loads no paging code.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { News, NewsBase, NewsListItem, NewsPage } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';

export type { News, NewsBase, NewsListItem, NewsPage };

export const NEWS_SORTS = ['newest', 'oldest', 'popular', 'rating'] as const satisfies readonly NonNullable<RpcInput<'list_news'>['sort']>[];
export type NewsSort = (typeof NEWS_SORTS)[number];

/** A list's filters and page size; its pages are the query's own. */
export type ListNewsParams = Omit<RpcInput<'list_news'>, 'cursor'> & { limit: number };

/** Every news query starts with `all`, so one invalidation refreshes lists, the latest and items alike. */
export const newsKeys = {
  all: ['news'] as const,
  list: (params: ListNewsParams) => [...newsKeys.all, 'list', params] as const,
  latest: (limit: number) => [...newsKeys.all, 'latest', limit] as const,
  detail: (id: string) => [...newsKeys.all, 'detail', id] as const,
};

export const listNews = (params: ListNewsParams & { cursor?: string }) => rpc('list_news', params);

/** The latest public news, newest first (the home page). */
export const useLatestNews = (limit: number) =>
  useQuery(queryOptions({ queryKey: newsKeys.latest(limit), queryFn: () => listNews({ limit, only_public: true, sort: 'newest' }) }));

/** The server's notification (not stored) of a video's encoding: {video_id, status, progress}. */
export const VIDEO_PROGRESS_CODE = -10;

type Medium = News['media'][number];
type VideoState = NonNullable<Medium['video']>;

/**
 * Puts a video's progress into the news items in the cache that show it; once it is ready (or failed)
 * the news are fetched again, for its addresses.
 */
export function withVideoProgress(qc: QueryClient, content: unknown): void {
  const c = (typeof content === 'string' ? safeJson(content) : content) as { video_id?: unknown; status?: unknown; progress?: unknown } | undefined;
  if (!c || typeof c.video_id !== 'string' || typeof c.status !== 'string') return;
  const id = c.video_id;
  const status = c.status as VideoState['status'];
  const progress = typeof c.progress === 'number' ? c.progress : 0;
  qc.setQueriesData<News>({ queryKey: [...newsKeys.all, 'detail'] }, (n) => {
    if (!n?.media?.some((x) => x.s3_key === id)) return n;
    return { ...n, media: n.media.map((x) => (x.s3_key === id ? { ...x, video: { duration_ms: 0, ...x.video, status, progress } } : x)) };
  });
  if (status === 'ready' || status === 'failed') void qc.invalidateQueries({ queryKey: newsKeys.all });
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
