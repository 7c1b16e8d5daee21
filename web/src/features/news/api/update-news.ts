import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { newsKeys } from '../../../shared/api/news.ts';
import { patchNews, refreshLists } from './cache.ts';

const updateNews = (input: RpcInput<'update_news'>) => rpc('update_news', input);

export function useUpdateNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNews,
    onSuccess: (n) => {
      qc.setQueryData(newsKeys.detail(n.id), n);
      // Lists hold a preview, not the description: the rest now, the preview when they are fetched again.
      const { description: _description, ...shared } = n;
      patchNews(qc, n.id, shared);
      // Made private or public, the item leaves or joins lists of public news.
      return refreshLists(qc);
    },
  });
}
