import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamKeys, type ListTeamsParams } from '../../../shared/api/teams.ts';

const listTeams = (p: ListTeamsParams & { cursor?: string }) => rpc('list_teams', { limit: 20, ...p });

const listTeamsQuery = (p: ListTeamsParams) =>
  infiniteQueryOptions({
    queryKey: teamKeys.list(p),
    queryFn: ({ pageParam }) => listTeams({ ...p, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
    // A new search or filter keeps the teams shown until its own arrive, so the list does not blink.
    placeholderData: keepPreviousData,
  });

export const useListTeams = (p: ListTeamsParams) => useInfiniteQuery(listTeamsQuery(p));
