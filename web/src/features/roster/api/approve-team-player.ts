import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamPlayerKeys } from '../../../shared/api/roster.ts';
import { teamKeys } from '../../../shared/api/teams.ts';

const approveTeamPlayer = (a: RpcInput<'approve_team_player'>) => rpc('approve_team_player', a);

export function useApprove(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveTeamPlayer,
    // The roster, and the team's member count.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: teamPlayerKeys.team(teamId) }), qc.invalidateQueries({ queryKey: teamKeys.detail(teamId) })]),
  });
}
