import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { playerKeys } from '../../../shared/api/players.ts';

const updatePlayer = (input: RpcInput<'update_player'>) => rpc('update_player', input);

export function useUpdatePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updatePlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
