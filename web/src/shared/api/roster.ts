// list_team_players, which the roster, the join page and the locker room read: one key factory and one
// query function; each filter is its own key, and every key holds the team's players as one list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamPlayer } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';

export type { TeamPlayer };

/** The filters of one team's list (list_team_players without the ids and the page). */
export type TeamPlayerFilter = Pick<RpcInput<'list_team_players'>, 'is_confirmed' | 'is_main_squad' | 'field_role' | 'team_role'>;

/** A page holds at most 200: more than a team's 99 numbers. */
const TEAM_PAGE = 200;

export const teamPlayerKeys = {
  /** Every list of one team: invalidate this after a change to its roster. */
  team: (teamId: string) => ['team-players', teamId] as const,
  list: (teamId: string, filter: TeamPlayerFilter) => [...teamPlayerKeys.team(teamId), filter] as const,
};

const listTeamPlayers = (params: RpcInput<'list_team_players'>) => rpc('list_team_players', params);

export const teamPlayersQuery = (teamId: string, filter: TeamPlayerFilter = {}) =>
  queryOptions({
    queryKey: teamPlayerKeys.list(teamId, filter),
    queryFn: async () => (await listTeamPlayers({ ...filter, team_ids: [teamId], limit: TEAM_PAGE })).team_players,
  });

export const useTeamPlayers = (teamId: string, filter?: TeamPlayerFilter) => useQuery(teamPlayersQuery(teamId, filter));
