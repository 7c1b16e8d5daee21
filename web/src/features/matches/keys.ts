// The matches feature's query keys, under the `matches` prefix the shared match reads use too, so a
// change here refreshes a team's next matches and the personal schedule as well.
import type { QueryClient } from '@tanstack/react-query';
import { teamKeys } from '../../shared/api/teams.ts';
import type { MatchFilter } from './api/list-matches.ts';

export const matchKeys = {
  all: ['matches'] as const,
  list: (f: MatchFilter) => [...matchKeys.all, 'list', f] as const,
  detail: (id: string) => [...matchKeys.all, 'detail', id] as const,
};

export const refreshMatchLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [...matchKeys.all, 'list'] });

/** Teams found by name for the match form's pickers, under the teams' prefix. */
export const teamSearchKey = (name: string) => [...teamKeys.all, 'search', name] as const;
