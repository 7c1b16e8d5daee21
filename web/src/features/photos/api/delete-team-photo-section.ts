import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from './keys.ts';

const deleteTeamPhotoSection = (input: { id: string }) => rpc<Record<string, never>>('delete_team_photo_section', input);

export function useDeletePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
