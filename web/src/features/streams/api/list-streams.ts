// list_streams: the broadcasts list by cursor, and the TV schedule.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { streamKeys, type StreamFilter } from '../keys.ts';

type ListInput = RpcInput<'list_streams'>;
export const SORTS = ['create_time', 'start_time', 'update_time'] as const satisfies readonly ListInput['sort_by'][];
export const ORDERS = ['desc', 'asc'] as const satisfies readonly ListInput['sort_order'][];

/** The spec's pages: 20 in the list, 100 in the TV schedule. */
const PAGE = 20;
const SCHEDULE_LIMIT = 100;

export const useListStreams = (f: StreamFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: streamKeys.list(f),
      queryFn: ({ pageParam }) => rpc('list_streams', { limit: PAGE, ...f, cursor: pageParam }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.cursor || undefined,
    }),
  );

/** The TV schedule: 100 broadcasts from `from` on, by start time (creation time when there is none). */
export const useSchedule = (from: string) =>
  useQuery(
    queryOptions({
      queryKey: streamKeys.schedule(from),
      queryFn: () => rpc('list_streams', { limit: SCHEDULE_LIMIT, sort_by: 'start_time', sort_order: 'asc', start_after: from }),
    }),
  );
