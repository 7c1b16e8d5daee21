import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

const createTeamVideoSection = (input: RpcInput<'create_team_video_section'>) => rpc('create_team_video_section', input);

export function useCreateVideoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamVideoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
