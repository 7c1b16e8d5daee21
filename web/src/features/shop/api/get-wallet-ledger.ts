import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { shopKeys } from '../keys.ts';

/** Every ledger page starts with this key: a purchase refreshes them all. */
const PAGE = 20;

const getWalletLedger = (cursor?: string) => rpc('get_wallet_ledger', { limit: PAGE, cursor });

const ledgerQuery = () =>
  infiniteQueryOptions({
    queryKey: shopKeys.ledger,
    queryFn: ({ pageParam }) => getWalletLedger(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useWalletLedger = () => useInfiniteQuery(ledgerQuery());
