import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventType, TeamEvent } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { invalidateTeamEvents } from '../../../shared/api/calendar.ts';

interface TeamEventUpdate {
  id: string;
  title?: string;
  type?: EventType;
  event_time?: string;
  place?: string;
  description?: string;
}

const updateTeamEvent = (input: TeamEventUpdate) => rpc<TeamEvent>('update_team_event', input);

export function useUpdateTeamEvent(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamEvent, onSuccess: () => invalidateTeamEvents(qc, teamId) });
}
