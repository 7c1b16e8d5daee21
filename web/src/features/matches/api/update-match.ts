import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { matchKeys, refreshMatchLists } from '../keys.ts';

/** What an edit changes; fields left out stay as they are. */
export type MatchChanges = RpcInput<'update_match'>;

export function useUpdateMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: MatchChanges) => rpc('update_match', c),
    onSuccess: (match) => {
      qc.setQueryData(matchKeys.detail(match.id), match);
      return refreshMatchLists(qc);
    },
  });
}
