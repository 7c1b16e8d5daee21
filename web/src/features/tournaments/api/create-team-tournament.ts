import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';

const createTeamTournament = (input: RpcInput<'create_team_tournament'>) => rpc('create_team_tournament', input);

export function useCreateTeamTournament() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamTournament, onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
