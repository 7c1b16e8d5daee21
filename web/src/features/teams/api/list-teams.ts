import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Team } from '../../../shared/api/team.ts';

export interface ListTeamsParams {
  team_type?: number;
  name?: string;
  creator_id?: string;
  ids?: string[];
}

export const listTeams = (p: ListTeamsParams & { cursor?: string; limit?: number }) =>
  rpc<{ teams: Team[]; cursor?: string }>('list_teams', { limit: 20, ...p });

export const listTeamsQuery = (p: ListTeamsParams) =>
  infiniteQueryOptions({
    queryKey: ['teams', 'list', p],
    queryFn: ({ pageParam }) => listTeams({ ...p, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useListTeams = (p: ListTeamsParams) => useInfiniteQuery(listTeamsQuery(p));
