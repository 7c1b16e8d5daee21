// Matches other areas show: the signed-in user's teams' matches in a period (list_my_matches, for the
// personal schedule) and a team's next ones (list_matches, for its home page). Their keys sit under the
// match lists', so creating, changing or deleting a match refreshes them too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../lib/nakama/rpc.ts';
import { nextTeamMatchesInput } from './team-home-calls.ts';

/** A period of instants: from inclusive, to exclusive. */
export interface TimeRange {
  from: Date;
  to: Date;
}

const myMatchesQuery = ({ from, to }: TimeRange) =>
  queryOptions({
    queryKey: ['matches', 'list', 'mine', from.toISOString(), to.toISOString()],
    queryFn: async () => (await rpc('list_my_matches', { from_time: from.toISOString(), to_time: to.toISOString() })).matches,
  });

/** Asked only when enabled (signed in). */
export const useMyMatches = (range: TimeRange, enabled: boolean) => useQuery({ ...myMatchesQuery(range), enabled });

/** A team's next `count` matches, home or away, soonest first (from the start of this minute). */
export function useNextTeamMatches(teamId: string, count: number) {
  const input = nextTeamMatchesInput(teamId, count);
  return useQuery(
    queryOptions({
      queryKey: ['matches', 'list', 'next', teamId, count, input.from_time],
      queryFn: async () => (await rpc('list_matches', input)).matches,
    }),
  );
}
