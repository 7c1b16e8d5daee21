import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';
import type { TournamentInput } from './create-tournament.ts';

const updateTournament = (input: Partial<TournamentInput> & { id: string }) => rpc('update_tournament', input);

export function useUpdateTournament() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTournament,
    onSuccess: (t) => {
      qc.setQueryData(tournamentKeys.detail(t.id), t);
      return qc.invalidateQueries({ queryKey: tournamentKeys.all });
    },
  });
}
