import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { monthRange } from '../../../shared/lib/calendar.ts';
import type { TeamEvent } from './types.ts';

export interface ListTeamEventsParams {
  team_id: string;
  /** yyyy-MM-dd, inclusive. */
  start_date: string;
  end_date: string;
}

export const listTeamEvents = (p: ListTeamEventsParams) => rpc<{ events?: TeamEvent[] }>('list_team_events', p);

/** The events of one month: its first to its last day. */
export const teamEventsQuery = (teamId: string, month: Date) => {
  const range = monthRange(month);
  return queryOptions({
    queryKey: ['team-events', teamId, range.start_date, range.end_date],
    queryFn: async () => (await listTeamEvents({ team_id: teamId, ...range })).events ?? [],
  });
};

export const useTeamEvents = (teamId: string, month: Date) => useQuery(teamEventsQuery(teamId, month));
