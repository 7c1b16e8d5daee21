import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { rosterKeys } from '../keys.ts';

/** The portal finds nobody for a query shorter than this. */
export const MIN_QUERY = 2;

const searchQuery = (query: string) =>
  queryOptions({
    queryKey: rosterKeys.userSearch(query),
    queryFn: async () => (await rpc('search_users', { query, limit: 10 })).users,
    staleTime: 30_000,
  });

/** People whose name contains the query (the caller left out by the portal). */
export const useUserSearch = (query: string) => useQuery({ ...searchQuery(query.trim()), enabled: query.trim().length >= MIN_QUERY });
