import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys, type TeamTournament } from '../../../shared/api/tournaments.ts';

const createTeamTournament = (input: { team_id: string; tournament_id: string }) => rpc<TeamTournament>('create_team_tournament', input);

export function useCreateTeamTournament() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamTournament, onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
