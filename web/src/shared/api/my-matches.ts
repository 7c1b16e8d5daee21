// list_my_matches: the matches of the signed-in user's teams in a period, for the personal schedule. Its
// key sits under the match lists', so creating, changing or deleting a match refreshes it too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Match } from '@tribuna/portal/types';
import { rpc } from '../../lib/nakama/rpc.ts';

/** A period of instants: from inclusive, to exclusive. */
export interface TimeRange {
  from: Date;
  to: Date;
}

const myMatchesQuery = ({ from, to }: TimeRange) =>
  queryOptions({
    queryKey: ['matches', 'list', 'mine', from.toISOString(), to.toISOString()],
    queryFn: async () => (await rpc<{ matches: Match[] }>('list_my_matches', { from_time: from.toISOString(), to_time: to.toISOString() })).matches,
  });

/** Asked only when enabled (signed in). */
export const useMyMatches = (range: TimeRange, enabled: boolean) => useQuery({ ...myMatchesQuery(range), enabled });
