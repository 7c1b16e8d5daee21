import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

const deleteTeamVideo = (input: RpcInput<'delete_team_video'>) => rpc('delete_team_video', input);

export function useDeleteVideo(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamVideo, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
