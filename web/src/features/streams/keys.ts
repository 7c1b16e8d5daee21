// The streams feature's query keys. Every one starts with `all`; lists and the schedule are refreshed
// together after a change (a broadcast came, went or changed), items are not.
import type { QueryClient } from '@tanstack/react-query';
import type { StreamFilter } from './api/list-streams.ts';

export const streamKeys = {
  all: ['streams'] as const,
  list: (f: StreamFilter) => [...streamKeys.all, 'list', f] as const,
  schedule: (from: string) => [...streamKeys.all, 'schedule', from] as const,
  detail: (id: string) => [...streamKeys.all, 'detail', id] as const,
};

/** Lists and the schedule fetched again. */
export const refreshStreamLists = (qc: QueryClient) =>
  qc.invalidateQueries({ queryKey: streamKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
