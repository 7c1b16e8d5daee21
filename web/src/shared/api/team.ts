// The team every team page shows, with what the viewer may do in it: one query, cached under ['team', id].
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../lib/nakama/rpc.ts';
import type { TeamWithViewer } from './team-types.ts';

export type { Team, TeamViewer, TeamWithViewer } from './team-types.ts';
export { TEAM_TYPES } from './team-types.ts';

export const getTeam = (id: string) => rpc<TeamWithViewer>('get_team', { id });
export const teamQuery = (id: string) => queryOptions({ queryKey: ['team', id], queryFn: () => getTeam(id) });
export const useTeam = (id: string) => useQuery(teamQuery(id));
