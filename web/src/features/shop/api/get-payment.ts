import { useQuery, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { shopKeys } from '../keys.ts';

const getPayment = (id: string) => rpc('get_payment', { payment_id: id });

/**
 * A payment, asked again every intervalMs while it is pending, at most `polls` times; `gaveUp` once the
 * last of them still found it pending.
 */
export function usePayment(id: string | undefined, intervalMs: number, polls: number) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: shopKeys.payment(id),
    queryFn: () => getPayment(id!),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < polls ? intervalMs : false),
  });
  // dataUpdatedAt changes with every answer, so the count is read again after each one.
  const answers = query.dataUpdatedAt ? (qc.getQueryState(shopKeys.payment(id))?.dataUpdateCount ?? 0) : 0;
  return { ...query, gaveUp: query.data?.status === 'pending' && answers >= polls };
}
