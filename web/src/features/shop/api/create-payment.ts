import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod, StartedPayment } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';

interface PaymentInput {
  pack_id: string;
  method: PaymentMethod;
  /** Where YooKassa sends the payer back (this page). */
  return_path?: string;
}

const createPayment = (input: PaymentInput) => rpc<StartedPayment>('create_payment', input);

export const useCreatePayment = () => useMutation({ mutationFn: createPayment });
