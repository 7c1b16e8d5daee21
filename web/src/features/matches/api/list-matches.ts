// list_matches by period (upcoming soonest first, past newest first), 20 a page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MatchPage } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { matchKeys } from '../keys.ts';

/** The spec's page of matches. */
const MATCH_PAGE = 20;

/** Upcoming matches (from now, soonest first) or past ones (newest first). */
export type MatchPeriod = NonNullable<RpcInput<'list_matches'>['period']>;

export interface MatchFilter {
  period: MatchPeriod;
  /** Matches of this team, home or away. */
  teamId?: string;
}

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
