// get_admin_state: whether the signed-in user is a site administrator (the header's link, the /admin page).
import { useQuery } from '@tanstack/react-query';
import { rpc } from '../../lib/nakama/rpc.ts';

export const useAdminState = (enabled: boolean) =>
  useQuery({ queryKey: ['admin-state'], queryFn: async () => (await rpc('get_admin_state', {})).is_admin, enabled, staleTime: 5 * 60_000 });
