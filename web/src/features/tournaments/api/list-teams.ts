// The teams a tournament's organiser may add: list_teams by the start of the name, 50 at most (a key of
// its own: the teams list keeps pages under teamKeys.list).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentTeamKeys } from '../keys.ts';

const PICK_LIMIT = 50;

const teamsQuery = (name: string) =>
  queryOptions({
    queryKey: tournamentTeamKeys.pick(name),
    queryFn: () => rpc('list_teams', { limit: PICK_LIMIT, ...(name ? { name } : {}) }),
    placeholderData: keepPreviousData,
  });

export const useTeamsToPick = (name: string) => useQuery(teamsQuery(name.trim()));
