import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { playerKeys } from '../../../shared/api/players.ts';

const deletePlayer = (id: string) => rpc<Record<string, never>>('delete_player', { id });

export function useDeletePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
