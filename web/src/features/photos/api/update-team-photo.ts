import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

/** A photo's caption (its description); '' clears it. */
const updateTeamPhoto = (input: RpcInput<'update_team_photo'>) => rpc('update_team_photo', input);

export function useUpdatePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
