import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const createTeamPhoto = (input: RpcInput<'create_team_photo'>) => rpc('create_team_photo', input);

export function useCreatePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
