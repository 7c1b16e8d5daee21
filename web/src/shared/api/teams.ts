// Teams' keys, and get_team: the team every team page shows, with what the viewer may do in it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamWithViewer } from '@tribuna/portal/types';
import { rpc } from '../../lib/nakama/rpc.ts';

export type { Team, TeamPage,  TeamWithViewer } from '@tribuna/portal/types';

export const TEAM_TYPES: Record<number, string> = { 0: 'Открытая', 1: 'Закрытая' };

export interface ListTeamsParams {
  team_type?: number;
  name?: string;
  creator_id?: string;
  ids?: string[];
}

/** Every teams query starts with `all`, so one invalidation refreshes lists and teams alike. */
export const teamKeys = {
  all: ['teams'] as const,
  list: (params: ListTeamsParams) => [...teamKeys.all, 'list', params] as const,
  detail: (id: string) => [...teamKeys.all, 'detail', id] as const,
};

const getTeam = (id: string) => rpc<TeamWithViewer>('get_team', { id });
export const teamQuery = (id: string) => queryOptions({ queryKey: teamKeys.detail(id), queryFn: () => getTeam(id) });
export const useTeam = (id: string) => useQuery(teamQuery(id));
