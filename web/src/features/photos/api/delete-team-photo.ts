import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const deleteTeamPhoto = (input: RpcInput<'delete_team_photo'>) => rpc('delete_team_photo', input);

export function useDeletePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
