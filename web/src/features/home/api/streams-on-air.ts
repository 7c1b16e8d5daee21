// list_streams for the home page: the broadcasts on air now (latest start first) and the ones about to
// start (soonest first). "Now" is read when the query runs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stream } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { homeKeys } from '../keys.ts';

export type { Stream };

export const useStreamsOnAir = (limit: number) =>
  useQuery(
    queryOptions({
      queryKey: homeKeys.streamsOnAir(limit),
      queryFn: () => rpc('list_streams', { only_active: true, sort_by: 'start_time', sort_order: 'desc', limit }),
    }),
  );

export const useStreamsSoon = (limit: number) =>
  useQuery(
    queryOptions({
      queryKey: homeKeys.streamsSoon(limit),
      queryFn: () => rpc('list_streams', { start_after: new Date().toISOString(), sort_by: 'start_time', sort_order: 'asc', limit }),
    }),
  );
