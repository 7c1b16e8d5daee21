import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const moveTeamPhoto = (input: RpcInput<'move_team_photo'>) => rpc('move_team_photo', input);

export function useMovePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: moveTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
