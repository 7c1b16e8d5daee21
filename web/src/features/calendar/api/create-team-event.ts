import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { invalidateTeamEvents } from '../../../shared/api/calendar.ts';

const createTeamEvent = (input: RpcInput<'create_team_event'>) => rpc('create_team_event', input);

export function useCreateTeamEvent(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamEvent, onSuccess: () => invalidateTeamEvents(qc, teamId) });
}
