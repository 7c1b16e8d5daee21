// reject_team_player: a manager rejects a request or removes a player (roster), and an applicant withdraws
// their own request (the team page); the team's roster and its viewer state are read again after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../lib/nakama/rpc.ts';
import { teamPlayerKeys } from './roster.ts';
import { teamKeys } from './teams.ts';

const rejectTeamPlayer = (id: string) => rpc('reject_team_player', { id });

export function useReject(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rejectTeamPlayer,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: teamPlayerKeys.team(teamId) }), qc.invalidateQueries({ queryKey: teamKeys.detail(teamId) })]),
  });
}
