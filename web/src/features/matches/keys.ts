// The matches feature's query keys, under the `matches` prefix the shared match reads use too, so a
// change here refreshes a team's next matches and the personal schedule as well. The list's filter is
// defined here, with the key it makes, so the list's call and its key import one way.
import type { QueryClient } from '@tanstack/react-query';
import type { RpcInput } from '../../lib/nakama/rpc.ts';
import { teamKeys } from '../../shared/api/teams.ts';

/** Upcoming matches (from now, soonest first) or past ones (newest first). */
export type MatchPeriod = NonNullable<RpcInput<'list_matches'>['period']>;

export interface MatchFilter {
  period: MatchPeriod;
  /** Matches of this team, home or away. */
  teamId?: string;
}

export const matchKeys = {
  all: ['matches'] as const,
  list: (f: MatchFilter) => [...matchKeys.all, 'list', f] as const,
  detail: (id: string) => [...matchKeys.all, 'detail', id] as const,
};

export const refreshMatchLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [...matchKeys.all, 'list'] });

/** Teams found by name for the match form's pickers, under the teams' prefix. */
export const teamSearchKey = (name: string) => [...teamKeys.all, 'search', name] as const;
