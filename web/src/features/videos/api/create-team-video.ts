import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Video } from '@tribuna/portal/types';
import { teamVideosKey } from './keys.ts';

interface VideoInput {
  team_id: string;
  section_id: string;
  title: string;
  description?: string;
  /** A YouTube, VK Video or Rutube link; stored in its embed form. */
  embed_url: string;
  tags?: string[];
}

const createTeamVideo = (input: VideoInput) => rpc<Video>('create_team_video', input);

export function useCreateVideo(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamVideo, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
