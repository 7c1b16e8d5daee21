import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Photo } from '@tribuna/portal/types';
import { teamPhotosKey } from './keys.ts';

/** A photo's caption (its description); '' clears it. */
const updateTeamPhoto = (input: { id: string; description: string }) => rpc<Photo>('update_team_photo', input);

export function useUpdatePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
