// The teams the viewer manages (created, or an admin of), to apply with to an open tournament.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentTeamKeys } from '../keys.ts';

const myTeamsQuery = (userId: string) =>
  queryOptions({
    queryKey: tournamentTeamKeys.managedBy(userId),
    queryFn: () => rpc('list_teams', { manager_id: userId, limit: 100 }),
  });

export const useMyTeams = (userId: string | undefined) => useQuery({ ...myTeamsQuery(userId ?? ''), enabled: !!userId });
