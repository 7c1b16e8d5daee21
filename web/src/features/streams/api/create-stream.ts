import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { refreshStreamLists, streamKeys } from '../keys.ts';

export function useCreateStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: RpcInput<'create_stream'>) => rpc('create_stream', s),
    onSuccess: (s) => {
      qc.setQueryData(streamKeys.detail(s.id), s);
      return refreshStreamLists(qc);
    },
  });
}
