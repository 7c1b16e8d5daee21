import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const restoreTeamPhoto = (input: RpcInput<'restore_team_photo'>) => rpc('restore_team_photo', input);

export function useRestorePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
