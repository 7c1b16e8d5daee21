// list_team_events, which the team calendar and the team's home page read: one key factory and one query
// function; every key holds the events of one range of days as a list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamEventList } from '@tribuna/portal/types';
import { rpc } from '../../lib/nakama/rpc.ts';


/** Days as yyyy-MM-dd, both included. */
export interface DayRange {
  start_date: string;
  end_date: string;
}

export const teamEventKeys = {
  /** Every range of one team: invalidate this after a change to its events. */
  team: (teamId: string) => ['team-events', teamId] as const,
  range: (teamId: string, range: DayRange) => [...teamEventKeys.team(teamId), range.start_date, range.end_date] as const,
};

const listTeamEvents = (params: DayRange & { team_id: string }) => rpc<TeamEventList>('list_team_events', params);

const teamEventsQuery = (teamId: string, range: DayRange) =>
  queryOptions({
    queryKey: teamEventKeys.range(teamId, range),
    queryFn: async () => (await listTeamEvents({ team_id: teamId, ...range })).events,
  });

export const useTeamEvents = (teamId: string, range: DayRange) => useQuery(teamEventsQuery(teamId, range));
