import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { playerKeys, type Player } from '../../../shared/api/players.ts';

interface PlayerInput {
  first_name: string;
  middle_name?: string;
  last_name: string;
  avatar_id?: string;
}

const createPlayer = (input: PlayerInput) => rpc<Player>('create_player', input);

export function useCreatePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
