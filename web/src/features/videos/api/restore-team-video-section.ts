import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

const restoreTeamVideoSection = (input: RpcInput<'restore_team_video_section'>) => rpc('restore_team_video_section', input);

export function useRestoreVideoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreTeamVideoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
