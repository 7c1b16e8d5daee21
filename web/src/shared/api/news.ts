// News' keys, and list_news, which the news pages, a team's news and the home page read: one query
// function under one key factory, so a key always holds one shape (pages of NewsPage for lists, a
// NewsPage for the home page's latest, a News for one item). A list holds NewsListItems (a preview of
// each description), an item the whole News; both are NewsBase. The paged lists are the news feature's
// (features/news/api/list-news.ts), so the home page loads no paging code.
import { queryOptions, useQuery } from '@tanstack/react-query';
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
