// rate_tournament: the answer is the tournament with its new average and the viewer's rating.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys, type Tournament } from '../../../shared/api/tournaments.ts';

const rateTournament = (input: { tournament_id: string; rating: number }) => rpc<Tournament>('rate_tournament', input);

export function useRateTournament() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rateTournament,
    onSuccess: (t) => {
      qc.setQueryData(tournamentKeys.detail(t.id), t);
      return qc.invalidateQueries({ queryKey: [...tournamentKeys.all, 'list'] });
    },
  });
}
