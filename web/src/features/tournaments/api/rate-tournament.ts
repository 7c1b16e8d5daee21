// rate_tournament: the answer is the tournament with its new average and the viewer's rating.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';

const rateTournament = (input: RpcInput<'rate_tournament'>) => rpc('rate_tournament', input);

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
