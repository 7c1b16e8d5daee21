import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { newsKeys } from '../../../shared/api/news.ts';
import { refreshLists } from './cache.ts';

const createNews = (input: RpcInput<'create_news'>) => rpc('create_news', input);

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
