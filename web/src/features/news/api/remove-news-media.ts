import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { newsKeys } from '../../../shared/api/news.ts';
import { refreshLists } from './cache.ts';

/** news_id is required here: it names the item whose cache is refreshed. */
const removeNewsMedia = (input: RpcInput<'remove_news_media'> & { news_id: string }) => rpc('remove_news_media', input);

export function useRemoveNewsMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeNewsMedia,
    onSuccess: (_r, { news_id }) => Promise.all([qc.invalidateQueries({ queryKey: newsKeys.detail(news_id) }), refreshLists(qc)]),
  });
}
