import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { TeamEvent, TeamEventUpdate } from './types.ts';

export const updateTeamEvent = (input: TeamEventUpdate) => rpc<TeamEvent>('update_team_event', input);

export function useUpdateTeamEvent(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamEvent, onSuccess: () => qc.invalidateQueries({ queryKey: ['team-events', teamId] }) });
}
