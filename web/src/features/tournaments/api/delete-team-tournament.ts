import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';

const deleteTeamTournament = (id: string) => rpc('delete_team_tournament', { id });

export function useDeleteTeamTournament() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamTournament, onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
