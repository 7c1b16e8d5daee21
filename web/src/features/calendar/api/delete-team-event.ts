import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { invalidateTeamEvents } from '../../../shared/api/calendar.ts';

const deleteTeamEvent = (id: string) => rpc('delete_team_event', { id });

export function useDeleteTeamEvent(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTeamEvent, onSuccess: () => invalidateTeamEvents(qc, teamId) });
}
