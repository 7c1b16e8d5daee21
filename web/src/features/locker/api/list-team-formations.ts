import { queryOptions } from '@tanstack/react-query';
import type { Formation } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { lockerKeys } from '../keys.ts';

export const formationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: lockerKeys.formations(teamId),
    queryFn: () => rpc('list_team_formations', { teamId }).then((r) => r.formations),
    retry: false,
  });

/** The formation shown: the default one, else the first. */
export function currentFormation(list: Formation[]): Formation | undefined {
  return list.find((f) => f.isDefault) ?? list[0];
}
