import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

const updateTeamVideoSection = (input: RpcInput<'update_team_video_section'>) => rpc('update_team_video_section', input);

export function useUpdateVideoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamVideoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
