import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

const restoreTeamVideo = (input: RpcInput<'restore_team_video'>) => rpc('restore_team_video', input);

export function useRestoreVideo(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreTeamVideo, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
