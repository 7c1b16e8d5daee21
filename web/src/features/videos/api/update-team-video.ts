import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Video } from '@tribuna/portal/types';
import { teamVideosKey } from './keys.ts';

export interface VideoUpdate {
  id: string;
  title?: string;
  description?: string;
  embed_url?: string;
  tags?: string[];
  section_id?: string;
}

const updateTeamVideo = (input: VideoUpdate) => rpc<Video>('update_team_video', input);

export function useUpdateVideo(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamVideo, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
