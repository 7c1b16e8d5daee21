import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { playerKeys } from '../../../shared/api/players.ts';

const createPlayer = (input: RpcInput<'create_player'>) => rpc('create_player', input);

export function useCreatePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
