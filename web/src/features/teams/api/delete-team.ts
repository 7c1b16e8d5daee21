import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamKeys } from '../../../shared/api/teams.ts';

const deleteTeam = (id: string) => rpc('delete_team', { id });

export function useDeleteTeam() {
  const qc = useQueryClient();
  // Lists only: the deleted team's pages are left at once, and its query must not be fetched again.
  return useMutation({ mutationFn: deleteTeam, onSuccess: () => qc.invalidateQueries({ queryKey: [...teamKeys.all, 'list'] }) });
}
