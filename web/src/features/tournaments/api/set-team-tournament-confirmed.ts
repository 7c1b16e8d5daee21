import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys, type TeamTournament } from '../../../shared/api/tournaments.ts';

const setConfirmed = (input: { id: string; is_confirmed: boolean }) => rpc<TeamTournament>('set_team_tournament_confirmed', input);

export function useSetTeamTournamentConfirmed() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setConfirmed, onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
