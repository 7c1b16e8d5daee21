import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { newsKeys } from '../../../shared/api/news.ts';
import { refreshLists } from './cache.ts';

interface MediaRef {
  id: string;
  news_id: string;
}

const removeNewsMedia = (input: MediaRef) => rpc<Record<string, never>>('remove_news_media', input);

export function useRemoveNewsMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeNewsMedia,
    onSuccess: (_r, { news_id }) => Promise.all([qc.invalidateQueries({ queryKey: newsKeys.detail(news_id) }), refreshLists(qc)]),
  });
}
