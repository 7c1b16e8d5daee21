import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { newsKeys } from '../../../shared/api/news.ts';

const getNews = (id: string) => rpc('get_news', { id });

const newsQuery = (id: string) => queryOptions({ queryKey: newsKeys.detail(id), queryFn: () => getNews(id) });

export const useNews = (id: string) => useQuery(newsQuery(id));
