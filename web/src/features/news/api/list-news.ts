import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listNews, newsKeys, type ListNewsParams } from '../../../shared/api/news.ts';

const listNewsQuery = (params: ListNewsParams) =>
  infiniteQueryOptions({
    queryKey: newsKeys.list(params),
    queryFn: ({ pageParam }) => listNews({ ...params, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useListNews = (params: ListNewsParams) => useInfiniteQuery(listNewsQuery(params));
