import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamPlayerKeys } from '../../../shared/api/roster.ts';
import { teamKeys } from '../../../shared/api/teams.ts';

const rejectTeamPlayer = (id: string) => rpc<Record<string, never>>('reject_team_player', { id });

export function useReject(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rejectTeamPlayer,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: teamPlayerKeys.team(teamId) }), qc.invalidateQueries({ queryKey: teamKeys.detail(teamId) })]),
  });
}
