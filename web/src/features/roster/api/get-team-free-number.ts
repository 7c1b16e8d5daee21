import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { rosterKeys } from '../keys.ts';


const getTeamFreeNumber = (teamId: string) => rpc('get_team_free_number', { team_id: teamId });

const freeNumberQuery = (teamId: string) => queryOptions({ queryKey: rosterKeys.freeNumber(teamId), queryFn: () => getTeamFreeNumber(teamId) });

export const useFreeNumber = (teamId: string) => useQuery(freeNumberQuery(teamId));
