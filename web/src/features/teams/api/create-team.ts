import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { teamKeys } from '../../../shared/api/teams.ts';

const createTeam = (input: RpcInput<'create_team'>) => rpc('create_team', input);

export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }) });
}
