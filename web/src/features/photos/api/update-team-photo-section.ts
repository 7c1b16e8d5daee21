import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const updateTeamPhotoSection = (input: RpcInput<'update_team_photo_section'>) => rpc('update_team_photo_section', input);

export function useUpdatePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
