// Teams' keys, and get_team: the team every team page shows, with what the viewer may do in it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';

export type { Team, TeamWithViewer } from '@tribuna/portal/types';

export const TEAM_TYPES: Record<number, string> = { 0: 'Открытая', 1: 'Закрытая' };

/** 0 open, 1 closed. */
export type TeamType = NonNullable<RpcInput<'create_team'>['team_type']>;
/** A team type written as text (the address, a select), undefined when it is none. */
export const parseTeamType = (v: string | null): TeamType | undefined => (v === '0' ? 0 : v === '1' ? 1 : undefined);

/** A list's filters; its pages are the query's own. */
export type ListTeamsParams = Omit<RpcInput<'list_teams'>, 'limit' | 'cursor'>;

/** Every teams query starts with `all`, so one invalidation refreshes lists and teams alike. */
export const teamKeys = {
  all: ['teams'] as const,
  list: (params: ListTeamsParams) => [...teamKeys.all, 'list', params] as const,
  detail: (id: string) => [...teamKeys.all, 'detail', id] as const,
};

const getTeam = (id: string) => rpc('get_team', { id });
export const teamQuery = (id: string) => queryOptions({ queryKey: teamKeys.detail(id), queryFn: () => getTeam(id) });
export const useTeam = (id: string) => useQuery(teamQuery(id));
