import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { VideoSection } from '@tribuna/portal/types';
import { teamVideosKey } from './keys.ts';

interface VideoSectionUpdate {
  id: string;
  title?: string;
  description?: string;
  sort_order?: number;
}

const updateTeamVideoSection = (input: VideoSectionUpdate) => rpc<VideoSection>('update_team_video_section', input);

export function useUpdateVideoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamVideoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
