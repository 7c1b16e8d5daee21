import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

const deleteTeamVideoSection = (input: RpcInput<'delete_team_video_section'>) => rpc('delete_team_video_section', input);

export function useDeleteVideoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamVideoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
