import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamKeys, type Team } from '../../../shared/api/teams.ts';

interface TeamInput {
  name: string;
  description?: string;
  avatar_id?: string;
  team_type: number;
}

const createTeam = (input: TeamInput) => rpc<Team>('create_team', input);

export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }) });
}
