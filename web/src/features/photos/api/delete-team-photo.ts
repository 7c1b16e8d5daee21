import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from './keys.ts';

const deleteTeamPhoto = (input: { id: string }) => rpc<Record<string, never>>('delete_team_photo', input);

export function useDeletePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
