import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from './keys.ts';

const restoreTeamPhoto = (input: { id: string }) => rpc<Record<string, never>>('restore_team_photo', input);

export function useRestorePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
