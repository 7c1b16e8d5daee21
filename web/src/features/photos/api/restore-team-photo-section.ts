import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const restoreTeamPhotoSection = (input: RpcInput<'restore_team_photo_section'>) => rpc('restore_team_photo_section', input);

export function useRestorePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
