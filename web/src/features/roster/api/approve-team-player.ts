import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamPlayerKeys, type TeamPlayer } from '../../../shared/api/roster.ts';
import { teamKeys } from '../../../shared/api/teams.ts';

interface Approval {
  id: string;
  field_role?: number;
  team_role?: number;
  number?: number;
  is_main_squad?: boolean;
}

const approveTeamPlayer = (a: Approval) => rpc<TeamPlayer>('approve_team_player', a);

export function useApprove(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveTeamPlayer,
    // The roster, and the team's member count.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: teamPlayerKeys.team(teamId) }), qc.invalidateQueries({ queryKey: teamKeys.detail(teamId) })]),
  });
}
