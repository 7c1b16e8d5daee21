import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { TeamEvent, TeamEventInput } from './types.ts';

export const createTeamEvent = (input: TeamEventInput) => rpc<TeamEvent>('create_team_event', input);

export function useCreateTeamEvent(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamEvent, onSuccess: () => qc.invalidateQueries({ queryKey: ['team-events', teamId] }) });
}
