import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const deleteTeamPhotoSection = (input: RpcInput<'delete_team_photo_section'>) => rpc('delete_team_photo_section', input);

export function useDeletePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
