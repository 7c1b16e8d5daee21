import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';

const deleteTournament = (id: string) => rpc('delete_tournament', { id });

/** Soft: the tournament leaves every list; its page is left at once, so its query is dropped, not fetched again. */
export function useDeleteTournament() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTournament,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: tournamentKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: tournamentKeys.all });
    },
  });
}
