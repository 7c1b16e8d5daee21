import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Team } from '../../../shared/api/team.ts';

export interface TeamUpdate {
  id: string;
  name?: string;
  description?: string;
  avatar_id?: string | null;
  team_type?: number;
}

export const updateTeam = (input: TeamUpdate) => rpc<Team>('update_team', input);

export function useUpdateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: (_t, v) => Promise.all([qc.invalidateQueries({ queryKey: ['team', v.id] }), qc.invalidateQueries({ queryKey: ['teams'] })]),
  });
}
