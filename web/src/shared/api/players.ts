// Players' keys, and list_players, which the players list, the profile and the join page all read: one
// query function under one key factory, so a key always holds the same shape (pages of PlayerPage).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Player } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';
import { countOf } from '../i18n/number.ts';

export type { Player };

/** A list's filters and page size; its pages are the query's own. */
export type ListPlayersParams = Omit<RpcInput<'list_players'>, 'cursor'>;

/** Every players query starts with `all`, so one invalidation refreshes lists and players alike. */
export const playerKeys = {
  all: ['players'] as const,
  list: (params: ListPlayersParams) => [...playerKeys.all, 'list', params] as const,
  detail: (id: string) => [...playerKeys.all, 'detail', id] as const,
};

const listPlayers = (params: ListPlayersParams & { cursor?: string }) => rpc('list_players', { limit: 20, ...params });

const listPlayersQuery = (params: ListPlayersParams) =>
  infiniteQueryOptions({
    queryKey: playerKeys.list(params),
    queryFn: ({ pageParam }) => listPlayers({ ...params, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export function useListPlayers(params: ListPlayersParams, enabled = true) {
  return useInfiniteQuery({ ...listPlayersQuery(params), enabled });
}

/** The signed-in user's players, 100 a page (a user has at most LIMIT_PLAYERS_PER_USER, 50 by default). */
const MY_PLAYERS: ListPlayersParams = { only_mine: true, limit: 100 };

/** The signed-in user's players as one list; the cache keeps the pages, shared with every other reader. */
export function useMyPlayers(enabled = true) {
  return useInfiniteQuery({ ...listPlayersQuery(MY_PLAYERS), enabled, select: (data) => data.pages.flatMap((p) => p.players) });
}

/** Last, first and middle name, as the lists show them. */
export function fullName(p: Pick<Player, 'first_name' | 'middle_name' | 'last_name'>): string {
  return [p.last_name, p.first_name, p.middle_name].filter(Boolean).join(' ');
}

/** Goals and matches, as cards show them: "3 гола · 12 матчей". */
export function playerStats(p: Pick<Player, 'goals' | 'matches'>): string {
  return `${countOf(p.goals, ['гол', 'гола', 'голов'])} · ${countOf(p.matches, ['матч', 'матча', 'матчей'])}`;
}
