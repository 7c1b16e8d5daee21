import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventType, TeamEvent } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { invalidateTeamEvents } from '../../../shared/api/calendar.ts';

interface TeamEventInput {
  team_id: string;
  title: string;
  type: EventType;
  event_time: string;
  place?: string;
  description?: string;
}

const createTeamEvent = (input: TeamEventInput) => rpc<TeamEvent>('create_team_event', input);

export function useCreateTeamEvent(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamEvent, onSuccess: () => invalidateTeamEvents(qc, teamId) });
}
