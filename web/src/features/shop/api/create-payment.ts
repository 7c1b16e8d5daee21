import { useMutation } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

const createPayment = (input: RpcInput<'create_payment'>) => rpc('create_payment', input);

export const useCreatePayment = () => useMutation({ mutationFn: createPayment });
