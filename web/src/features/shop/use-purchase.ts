// What became of the payment the page waits for: asked again while it is pending; once it succeeded the
// account (the header's wallet) and the ledger are refreshed, once per payment.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ACCOUNT_KEY } from '../../stores/account.ts';
import { usePayment } from './api/get-payment.ts';
import { shopKeys } from './keys.ts';

export type Purchase =
  | { phase: 'idle' | 'waiting' | 'canceled' | 'timeout' | 'failed' }
  | { phase: 'succeeded'; coins: number };

export function usePurchase(paymentId: string | undefined, intervalMs: number, polls: number): Purchase {
  const qc = useQueryClient();
  const payment = usePayment(paymentId, intervalMs, polls);
  const credited = useRef<string | undefined>(undefined);
  const p = payment.data;

  useEffect(() => {
    if (p?.status !== 'succeeded' || credited.current === p.payment_id) return;
    credited.current = p.payment_id;
    void qc.invalidateQueries({ queryKey: ACCOUNT_KEY });
    void qc.invalidateQueries({ queryKey: shopKeys.ledger });
  }, [p, qc]);

  if (!paymentId) return { phase: 'idle' };
  if (p?.status === 'succeeded') return { phase: 'succeeded', coins: p.coins };
  if (p?.status === 'canceled') return { phase: 'canceled' };
  if (payment.isError) return { phase: 'failed' };
  return { phase: payment.gaveUp ? 'timeout' : 'waiting' };
}
