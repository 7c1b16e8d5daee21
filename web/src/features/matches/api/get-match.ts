import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { matchKeys } from '../keys.ts';

export type { Match } from '@tribuna/portal/types';

export const useMatch = (id: string) =>
  useQuery(queryOptions({ queryKey: matchKeys.detail(id), queryFn: () => rpc('get_match', { id }) }));
