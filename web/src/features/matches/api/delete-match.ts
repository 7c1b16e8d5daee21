import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { matchKeys, refreshMatchLists } from '../keys.ts';

export function useDeleteMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc('delete_match', { id }),
    // The deleted match's page is left at once: its query must not be fetched again.
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: matchKeys.detail(id) });
      return refreshMatchLists(qc);
    },
  });
}
