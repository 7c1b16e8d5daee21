// list_matches for the home page: the next matches from now (read when the query runs), soonest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Match } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { homeKeys } from '../keys.ts';

export type { Match };

export const useUpcomingMatches = (limit: number) =>
  useQuery(
    queryOptions({
      queryKey: homeKeys.upcomingMatches(limit),
      queryFn: () => rpc('list_matches', { from_time: new Date().toISOString(), sort_order: 'asc', limit }),
    }),
  );
