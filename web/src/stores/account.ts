// The signed-in user's account, shared by the header and the profile.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAccount } from '../lib/nakama/account.ts';
import { useSession } from './session.ts';

const accountQuery = () => queryOptions({ queryKey: ['account'], queryFn: getAccount, staleTime: 30_000 });

export function useAccount() {
  const s = useSession();
  return useQuery({ ...accountQuery(), enabled: s.status === 'ready' });
}
