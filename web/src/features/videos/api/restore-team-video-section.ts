import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamVideosKey } from './keys.ts';

const restoreTeamVideoSection = (input: { id: string }) => rpc<Record<string, never>>('restore_team_video_section', input);

export function useRestoreVideoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreTeamVideoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamVideosKey(teamId) }) });
}
