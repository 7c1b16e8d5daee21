import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Photo } from '@tribuna/portal/types';
import { teamPhotosKey } from './keys.ts';

const moveTeamPhoto = (input: { id: string; section_id: string }) => rpc<Photo>('move_team_photo', input);

export function useMovePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: moveTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
