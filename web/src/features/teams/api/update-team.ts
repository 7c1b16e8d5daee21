import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamKeys } from '../../../shared/api/teams.ts';

const updateTeam = (input: RpcInput<'update_team'>) => rpc('update_team', input);

export function useUpdateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    // The team and every list that shows it.
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
