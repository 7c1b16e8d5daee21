import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { streamKeys } from '../keys.ts';

export type { Stream } from '@tribuna/portal/types';

export const useStream = (id: string) =>
  useQuery(queryOptions({ queryKey: streamKeys.detail(id), queryFn: () => rpc('get_stream', { id }) }));
