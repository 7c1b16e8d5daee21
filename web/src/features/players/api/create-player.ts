import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Player, PlayerInput } from './types.ts';

export const createPlayer = (input: PlayerInput) => rpc<Player>('create_player', input);

export function useCreatePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPlayer, onSuccess: () => qc.invalidateQueries({ queryKey: ['players'] }) });
}
