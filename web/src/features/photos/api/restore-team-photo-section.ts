import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from './keys.ts';

const restoreTeamPhotoSection = (input: { id: string }) => rpc<Record<string, never>>('restore_team_photo_section', input);

export function useRestorePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
