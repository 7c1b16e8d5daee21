import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { newsKeys } from '../../../shared/api/news.ts';
import { refreshLists } from './cache.ts';

const deleteNews = (id: string) => rpc('delete_news', { id });

export function useDeleteNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    // The deleted item's page is left at once: its query must not be fetched again.
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: newsKeys.detail(id) });
      return refreshLists(qc);
    },
  });
}
