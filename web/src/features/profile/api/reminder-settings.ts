// get_reminder_settings and set_reminder_settings: which team reminders the user gets.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

const key = ['reminder-settings'] as const;

export const useReminderSettings = () => useQuery({ queryKey: key, queryFn: () => rpc('get_reminder_settings', {}) });

/** A switch moves at once; a refusal puts it back. */
export function useSetReminderSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: RpcInput<'set_reminder_settings'>) => rpc('set_reminder_settings', patch),
    onMutate: (patch) => {
      const before = qc.getQueryData<ReminderSettings>(key);
      if (before) qc.setQueryData<ReminderSettings>(key, { ...before, ...patch });
      return { before };
    },
    onError: (_e, _patch, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (settings) => qc.setQueryData(key, settings),
  });
}
