import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

export type VideoUpdate = RpcInput<'update_team_video'>;

const updateTeamVideo = (input: VideoUpdate) => rpc('update_team_video', input);

export function useUpdateVideo(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamVideo, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
