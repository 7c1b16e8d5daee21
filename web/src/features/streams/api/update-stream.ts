import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { refreshStreamLists, streamKeys } from '../keys.ts';

export type StreamChanges = RpcInput<'update_stream'>;

export function useUpdateStream() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: StreamChanges) => rpc('update_stream', c),
    onSuccess: (s) => {
      qc.setQueryData(streamKeys.detail(s.id), s);
      return refreshStreamLists(qc);
    },
  });
}
