// list_team_events, which the team calendar and the team's home page read, and list_my_team_events, which the
// personal schedule reads: one key factory and one query function each; every key holds the events of one
// range of days as a list.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';

/** Days as yyyy-MM-dd, both included. */
export type DayRange = Pick<RpcInput<'list_my_team_events'>, 'start_date' | 'end_date'>;

const teamEventKeys = {
  /** Every range of one team: invalidate this after a change to its events. */
  team: (teamId: string) => ['team-events', teamId] as const,
  range: (teamId: string, range: DayRange) => [...teamEventKeys.team(teamId), range.start_date, range.end_date] as const,
  /** Every range of the signed-in user's teams: invalidate this too after a change to any team's events. */
  mine: () => ['my-team-events'] as const,
  myRange: (range: DayRange) => [...teamEventKeys.mine(), range.start_date, range.end_date] as const,
};

const listTeamEvents = (params: RpcInput<'list_team_events'>) => rpc('list_team_events', params);
const listMyTeamEvents = (params: RpcInput<'list_my_team_events'>) => rpc('list_my_team_events', params);

const teamEventsQuery = (teamId: string, range: DayRange) =>
  queryOptions({
    queryKey: teamEventKeys.range(teamId, range),
    queryFn: async () => (await listTeamEvents({ team_id: teamId, ...range })).events,
  });

const myTeamEventsQuery = (range: DayRange) =>
  queryOptions({
    queryKey: teamEventKeys.myRange(range),
    queryFn: async () => (await listMyTeamEvents(range)).events,
  });

export const useTeamEvents = (teamId: string, range: DayRange) => useQuery(teamEventsQuery(teamId, range));

/** The events of the teams the signed-in user created or plays in; asked only when enabled (signed in). */
export const useMyTeamEvents = (range: DayRange, enabled: boolean) => useQuery({ ...myTeamEventsQuery(range), enabled });

/** After a change to a team's events: its calendar and the personal schedules that show them. */
export const invalidateTeamEvents = (qc: QueryClient, teamId: string) =>
  Promise.all([qc.invalidateQueries({ queryKey: teamEventKeys.team(teamId) }), qc.invalidateQueries({ queryKey: teamEventKeys.mine() })]);
