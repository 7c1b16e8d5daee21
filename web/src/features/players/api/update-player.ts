import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { playerKeys, type Player } from '../../../shared/api/players.ts';

interface PlayerChanges {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  avatar_id: string | null;
}

const updatePlayer = (input: PlayerChanges) => rpc<Player>('update_player', input);

export function useUpdatePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updatePlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
