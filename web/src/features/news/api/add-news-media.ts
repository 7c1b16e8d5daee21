import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { newsKeys, type NewsMedia } from '../../../shared/api/news.ts';
import { refreshLists } from './cache.ts';

interface NewMedia {
  news_id: string;
  file_id: string;
  position: number;
}

const addNewsMedia = (input: NewMedia) => rpc<NewsMedia>('add_news_media', input);

export function useAddNewsMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addNewsMedia,
    onSuccess: (_m, { news_id }) => Promise.all([qc.invalidateQueries({ queryKey: newsKeys.detail(news_id) }), refreshLists(qc)]),
  });
}
