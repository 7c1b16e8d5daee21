import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from '../keys.ts';

const createTeamVideo = (input: RpcInput<'create_team_video'>) => rpc('create_team_video', input);

export function useCreateVideo(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamVideo, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
