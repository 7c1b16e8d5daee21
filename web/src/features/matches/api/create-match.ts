import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { matchKeys, refreshMatchLists } from '../keys.ts';

export function useCreateMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: RpcInput<'create_match'>) => rpc('create_match', m),
    onSuccess: (match) => {
      qc.setQueryData(matchKeys.detail(match.id), match);
      return refreshMatchLists(qc);
    },
  });
}
