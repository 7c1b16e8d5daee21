// list_matches by period (upcoming soonest first, past newest first), 20 a page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MatchPage } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { matchKeys, type MatchFilter } from '../keys.ts';

/** The spec's page of matches. */
const MATCH_PAGE = 20;

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
