import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';

export type TournamentInput = RpcInput<'create_tournament'>;

const createTournament = (input: TournamentInput) => rpc('create_tournament', input);

export function useCreateTournament() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTournament, onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
