import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';

const setConfirmed = (input: RpcInput<'set_team_tournament_confirmed'>) => rpc('set_team_tournament_confirmed', input);

export function useSetTeamTournamentConfirmed() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setConfirmed, onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
