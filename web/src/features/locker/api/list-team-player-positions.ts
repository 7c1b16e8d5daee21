import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { lockerKeys } from '../keys.ts';

export const positionsQuery = (teamId: string, formationId: string) =>
  queryOptions({
    queryKey: lockerKeys.positions(teamId, formationId),
    queryFn: () => rpc('list_team_player_positions', { teamId, formationId }).then((r) => r.positions),
  });
