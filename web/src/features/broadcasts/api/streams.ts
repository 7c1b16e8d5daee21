// Broadcasts (the portal's streams): the list by cursor, the TV schedule, one broadcast, and the changes.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

export type { Stream } from '@tribuna/portal/types';

type ListInput = RpcInput<'list_streams'>;
export const SORTS = ['create_time', 'start_time', 'update_time'] as const satisfies readonly ListInput['sort_by'][];
export const ORDERS = ['desc', 'asc'] as const satisfies readonly ListInput['sort_order'][];

/** The list's filters, each chosen on the page (the tag may be left out). */
export type StreamFilter = Required<Pick<ListInput, 'only_mine' | 'sort_by' | 'sort_order' | 'only_active'>> & Pick<ListInput, 'tag'>;

/** The spec's pages: 20 in the list, 100 in the TV schedule. */
const PAGE = 20;
const SCHEDULE_LIMIT = 100;

const streamKeys = {
  all: ['streams'] as const,
  list: (f: StreamFilter) => [...streamKeys.all, 'list', f] as const,
  schedule: (from: string) => [...streamKeys.all, 'schedule', from] as const,
  detail: (id: string) => [...streamKeys.all, 'detail', id] as const,
};

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

export const useStream = (id: string) =>
  useQuery(queryOptions({ queryKey: streamKeys.detail(id), queryFn: () => rpc('get_stream', { id }) }));

export type NewStream = RpcInput<'create_stream'>;
export type StreamChanges = RpcInput<'update_stream'>;

/** Lists and the schedule fetched again (a broadcast came, went or changed). */
const refreshLists = (qc: ReturnType<typeof useQueryClient>) =>
  qc.invalidateQueries({ queryKey: streamKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });

export function useCreateStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: NewStream) => rpc('create_stream', s),
    onSuccess: (s) => {
      qc.setQueryData(streamKeys.detail(s.id), s);
      return refreshLists(qc);
    },
  });
}

export function useUpdateStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: StreamChanges) => rpc('update_stream', c),
    onSuccess: (s) => {
      qc.setQueryData(streamKeys.detail(s.id), s);
      return refreshLists(qc);
    },
  });
}

export function useDeleteStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc('delete_stream', { id }),
    // The deleted broadcast's page is left at once: its query must not be fetched again.
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: streamKeys.detail(id) });
      return refreshLists(qc);
    },
  });
}
