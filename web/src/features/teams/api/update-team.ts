import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamKeys, type Team } from '../../../shared/api/teams.ts';

interface TeamUpdate {
  id: string;
  name?: string;
  description?: string;
  avatar_id?: string | null;
  team_type?: number;
}

const updateTeam = (input: TeamUpdate) => rpc<Team>('update_team', input);

export function useUpdateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    // The team and every list that shows it.
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
