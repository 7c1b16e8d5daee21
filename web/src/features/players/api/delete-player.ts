import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { playerKeys } from '../../../shared/api/players.ts';

const deletePlayer = (id: string) => rpc('delete_player', { id });

export function useDeletePlayer() {
  const qc = useQueryClient();
  // Lists only: the deleted player's own page is left at once, and its query must not be fetched again.
  return useMutation({ mutationFn: deletePlayer, onSuccess: () => qc.invalidateQueries({ queryKey: [...playerKeys.all, 'list'] }) });
}
