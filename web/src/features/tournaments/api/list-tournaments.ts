import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listTournaments, tournamentKeys, type ListTournamentsParams } from '../../../shared/api/tournaments.ts';

/** Pages of 20, newest first; more while a cursor is answered. */
const listTournamentsQuery = (p: ListTournamentsParams) =>
  infiniteQueryOptions({
    queryKey: tournamentKeys.list(p),
    queryFn: ({ pageParam }) => listTournaments({ limit: 20, ...p, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useListTournaments = (p: ListTournamentsParams) => useInfiniteQuery(listTournamentsQuery(p));
