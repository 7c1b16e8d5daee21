// get_reminder_settings and set_reminder_settings: which team reminders the user gets.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

const key = ['reminder-settings'] as const;

export const useReminderSettings = () => useQuery({ queryKey: key, queryFn: () => rpc('get_reminder_settings', {}) });

export function useSetReminderSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: RpcInput<'set_reminder_settings'>) => rpc('set_reminder_settings', patch),
    onSuccess: (settings) => qc.setQueryData(key, settings),
  });
}
