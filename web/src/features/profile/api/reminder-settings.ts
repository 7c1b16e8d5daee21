// get_reminder_settings and set_reminder_settings: which team reminders the user gets.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

const key = ['reminder-settings'] as const;

export const useReminderSettings = () => useQuery({ queryKey: key, queryFn: () => rpc('get_reminder_settings', {}) });

/**
 * A switch moves at once, in the click's own render (a controlled checkbox whose value changed only after
 * the event would be put back by React first); a refusal puts it back.
 */
export function useSetReminderSettings() {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ patch }: { patch: RpcInput<'set_reminder_settings'>; before?: ReminderSettings }) => rpc('set_reminder_settings', patch),
    onError: (_e, { before }) => {
      if (before) qc.setQueryData(key, before);
    },
    onSuccess: (settings) => qc.setQueryData(key, settings),
  });
  const set = (patch: RpcInput<'set_reminder_settings'>) => {
    const before = qc.getQueryData<ReminderSettings>(key);
    if (before) qc.setQueryData<ReminderSettings>(key, { ...before, ...patch });
    mutation.mutate({ patch, before });
  };
  return { set, isPending: mutation.isPending, isError: mutation.isError, error: mutation.error };
}
