// Matches: list_matches paged by offset (the spec's pages of 20, more while a page is full), get_match,
// create_match, update_match and delete_match.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Match, MatchPage } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';

export type { Match } from '@tribuna/portal/types';

/** The spec's page of matches. */
const MATCH_PAGE = 20;

export interface MatchFilter {
  /** Matches of this team, home or away. */
  teamId?: string;
}

const matchKeys = {
  all: ['matches'] as const,
  list: (f: MatchFilter) => [...matchKeys.all, 'list', f] as const,
  detail: (id: string) => [...matchKeys.all, 'detail', id] as const,
};

/** The next page's offset: none once a page comes back short. */
function nextOffset(last: MatchPage, pages: readonly MatchPage[]): number | undefined {
  return last.matches.length < MATCH_PAGE ? undefined : pages.length * MATCH_PAGE;
}

const listMatches = (f: MatchFilter, offset: number) =>
  rpc<MatchPage>('list_matches', {
    limit: MATCH_PAGE,
    offset,
    // Both sides set to the team: its matches home and away, as a team page asks.
    ...(f.teamId ? { owner_team_id: f.teamId, guest_team_id: f.teamId } : {}),
  });

export const useListMatches = (f: MatchFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: matchKeys.list(f),
      queryFn: ({ pageParam }) => listMatches(f, pageParam),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
  );

export const useMatch = (id: string) =>
  useQuery(queryOptions({ queryKey: matchKeys.detail(id), queryFn: () => rpc<Match>('get_match', { id }) }));

interface NewMatch {
  owner_team_id: string;
  guest_team_id: string;
  match_time: string;
}

/** What an edit changes; fields left out stay as they are. */
export type MatchChanges = { id: string } & Partial<NewMatch>;

const refreshLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [...matchKeys.all, 'list'] });

export function useCreateMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: NewMatch) => rpc<Match>('create_match', m),
    onSuccess: (match) => {
      qc.setQueryData(matchKeys.detail(match.id), match);
      return refreshLists(qc);
    },
  });
}

export function useUpdateMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: MatchChanges) => rpc<Match>('update_match', c),
    onSuccess: (match) => {
      qc.setQueryData(matchKeys.detail(match.id), match);
      return refreshLists(qc);
    },
  });
}

export function useDeleteMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc<Record<string, never>>('delete_match', { id }),
    // The deleted match's page is left at once: its query must not be fetched again.
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: matchKeys.detail(id) });
      return refreshLists(qc);
    },
  });
}
