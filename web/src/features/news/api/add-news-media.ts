import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { newsKeys } from '../../../shared/api/news.ts';
import { refreshLists } from './cache.ts';

const addNewsMedia = (input: RpcInput<'add_news_media'>) => rpc('add_news_media', input);

export function useAddNewsMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addNewsMedia,
    onSuccess: (_m, { news_id }) => Promise.all([qc.invalidateQueries({ queryKey: newsKeys.detail(news_id) }), refreshLists(qc)]),
  });
}
