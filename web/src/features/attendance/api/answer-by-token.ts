// answer_by_token: the one-click answer of a reminder mail; no session needed.
import { useMutation } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

export const useAnswerByToken = () => useMutation({ mutationFn: (input: RpcInput<'answer_by_token'>) => rpc('answer_by_token', input) });
