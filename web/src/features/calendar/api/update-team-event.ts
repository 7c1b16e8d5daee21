import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { invalidateTeamEvents } from '../../../shared/api/calendar.ts';

const updateTeamEvent = (input: RpcInput<'update_team_event'>) => rpc('update_team_event', input);

export function useUpdateTeamEvent(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamEvent, onSuccess: () => invalidateTeamEvents(qc, teamId) });
}
