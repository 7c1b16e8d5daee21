import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { refreshStreamLists, streamKeys } from '../keys.ts';

export function useDeleteStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc('delete_stream', { id }),
    // The deleted broadcast's page is left at once: its query must not be fetched again.
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: streamKeys.detail(id) });
      return refreshStreamLists(qc);
    },
  });
}
