import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Player } from './types.ts';

export interface ListPlayersParams {
  limit?: number;
  only_mine?: boolean;
  ids?: string[];
  creator_ids?: string[];
  first_name?: string;
  last_name?: string;
  min_goals?: number;
  max_goals?: number;
  min_matches?: number;
  max_matches?: number;
}

export interface PlayerPage {
  players: Player[];
  cursor?: string;
}

export const listPlayers = (params: ListPlayersParams & { cursor?: string }) => rpc<PlayerPage>('list_players', { limit: 20, ...params });

export const listPlayersQuery = (params: ListPlayersParams) =>
  infiniteQueryOptions({
    queryKey: ['players', 'list', params],
    queryFn: ({ pageParam }) => listPlayers({ ...params, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export function useListPlayers(params: ListPlayersParams, enabled = true) {
  return useInfiniteQuery({ ...listPlayersQuery(params), enabled });
}
