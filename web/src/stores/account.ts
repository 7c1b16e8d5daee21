// The signed-in user's account, shared by the header and the profile.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAccount } from '../lib/nakama/account.ts';
import { useSession } from './session.ts';

/** The account's query key: refreshing it refreshes the header's wallet too. */
export const ACCOUNT_KEY = ['account'] as const;

const accountQuery = () => queryOptions({ queryKey: ACCOUNT_KEY, queryFn: getAccount, staleTime: 30_000 });

/** `wanted`: false leaves the account unasked (the header of a guest, who is shown no account). */
export function useAccount(wanted = true) {
  const s = useSession();
  return useQuery({ ...accountQuery(), enabled: s.status === 'ready' && wanted });
}
