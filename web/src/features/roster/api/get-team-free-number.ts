import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';

export const freeNumberKey = (teamId: string) => ['team-free-number', teamId] as const;

const getTeamFreeNumber = (teamId: string) => rpc('get_team_free_number', { team_id: teamId });

const freeNumberQuery = (teamId: string) => queryOptions({ queryKey: freeNumberKey(teamId), queryFn: () => getTeamFreeNumber(teamId) });

export const useFreeNumber = (teamId: string) => useQuery(freeNumberQuery(teamId));
