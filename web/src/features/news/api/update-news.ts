import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { newsKeys, type News } from '../../../shared/api/news.ts';
import { patchNews, refreshLists } from './cache.ts';

interface NewsUpdate {
  id: string;
  name?: string;
  description?: string;
  is_public?: boolean;
}

const updateNews = (input: NewsUpdate) => rpc<News>('update_news', input);

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
