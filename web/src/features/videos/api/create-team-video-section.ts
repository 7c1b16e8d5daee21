import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { VideoSection } from '@tribuna/portal/types';
import { teamVideosKey } from './keys.ts';

interface VideoSectionInput {
  team_id: string;
  title: string;
  description?: string;
  sort_order?: number;
}

const createTeamVideoSection = (input: VideoSectionInput) => rpc<VideoSection>('create_team_video_section', input);

export function useCreateVideoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamVideoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
