// The streams feature's query keys. Every one starts with `all`; lists and the schedule are refreshed
// together after a change (a broadcast came, went or changed), items are not. The list's filter is
// defined here, with the key it makes, so the list's call and its key import one way.
import type { QueryClient } from '@tanstack/react-query';
import type { RpcInput } from '../../lib/nakama/rpc.ts';

type ListInput = RpcInput<'list_streams'>;

/** The list's filters, each chosen on the page (the tag may be left out). */
export type StreamFilter = Required<Pick<ListInput, 'only_mine' | 'sort_by' | 'sort_order' | 'only_active'>> & Pick<ListInput, 'tag'>;

export const streamKeys = {
  all: ['streams'] as const,
  list: (f: StreamFilter) => [...streamKeys.all, 'list', f] as const,
  schedule: (from: string) => [...streamKeys.all, 'schedule', from] as const,
  detail: (id: string) => [...streamKeys.all, 'detail', id] as const,
};

/** Lists and the schedule fetched again. */
export const refreshStreamLists = (qc: QueryClient) =>
  qc.invalidateQueries({ queryKey: streamKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
