import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPhotosKey } from '../keys.ts';

const createTeamPhotoSection = (input: RpcInput<'create_team_photo_section'>) => rpc('create_team_photo_section', input);

export function useCreatePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}
