// Matches: list_matches by period (upcoming soonest first, past newest first), 20 a page, get_match,
// create_match, update_match and delete_match.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MatchPage } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

export type { Match } from '@tribuna/portal/types';

/** The spec's page of matches. */
const MATCH_PAGE = 20;

/** Upcoming matches (from now, soonest first) or past ones (newest first). */
export type MatchPeriod = NonNullable<RpcInput<'list_matches'>['period']>;

export interface MatchFilter {
  period: MatchPeriod;
  /** Matches of this team, home or away. */
  teamId?: string;
}

const matchKeys = {
  all: ['matches'] as const,
  list: (f: MatchFilter) => [...matchKeys.all, 'list', f] as const,
  detail: (id: string) => [...matchKeys.all, 'detail', id] as const,
};

// Pages follow the cursor, not an offset: matches pass from upcoming to past while a list is read, and an
// offset would then skip one. The server answers a cursor while more follow.
const listMatches = (f: MatchFilter, cursor: string | undefined) =>
  rpc('list_matches', {
    limit: MATCH_PAGE,
    period: f.period,
    ...(cursor ? { cursor } : {}),
    // Both sides set to the team: its matches home and away, as a team page asks.
    ...(f.teamId ? { owner_team_id: f.teamId, guest_team_id: f.teamId } : {}),
  });

export const useListMatches = (f: MatchFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: matchKeys.list(f),
      queryFn: ({ pageParam }) => listMatches(f, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: MatchPage) => last.cursor,
    }),
  );

export const useMatch = (id: string) =>
  useQuery(queryOptions({ queryKey: matchKeys.detail(id), queryFn: () => rpc('get_match', { id }) }));

/** What an edit changes; fields left out stay as they are. */
export type MatchChanges = RpcInput<'update_match'>;

const refreshLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [...matchKeys.all, 'list'] });

export function useCreateMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: RpcInput<'create_match'>) => rpc('create_match', m),
    onSuccess: (match) => {
      qc.setQueryData(matchKeys.detail(match.id), match);
      return refreshLists(qc);
    },
  });
}

export function useUpdateMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: MatchChanges) => rpc('update_match', c),
    onSuccess: (match) => {
      qc.setQueryData(matchKeys.detail(match.id), match);
      return refreshLists(qc);
    },
  });
}

export function useDeleteMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc('delete_match', { id }),
    // The deleted match's page is left at once: its query must not be fetched again.
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: matchKeys.detail(id) });
      return refreshLists(qc);
    },
  });
}
