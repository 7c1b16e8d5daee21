import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { newsKeys, type News } from '../../../shared/api/news.ts';
import { refreshLists } from './cache.ts';

interface NewNews {
  name: string;
  description: string;
  is_public: boolean;
  team_id?: string;
}

const createNews = (input: NewNews) => rpc<News>('create_news', input);

export function useCreateNews() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createNews,
    onSuccess: (n) => {
      qc.setQueryData(newsKeys.detail(n.id), n);
      return refreshLists(qc);
    },
  });
}
