import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { shopKeys } from '../keys.ts';

const listCoinPacks = () => rpc('list_coin_packs');

const coinPacksQuery = () => queryOptions({ queryKey: shopKeys.coinPacks, queryFn: listCoinPacks, staleTime: 5 * 60_000 });

export const useCoinPacks = () => useQuery(coinPacksQuery());
