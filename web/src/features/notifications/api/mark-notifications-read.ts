// Marks notifications read (the portal's marker): shown at once, the server's answer kept once the last of
// several quick marks has answered, and undone if it refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { afterMark, type MarkRead } from '../read-state.ts';
import { notificationStateKey, type NotificationState } from './get-notification-state.ts';

const markKey = ['mark_notifications_read'] as const;

const markRead = (plan: MarkRead) => rpc<NotificationState>('mark_notifications_read', plan);

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: markKey,
    mutationFn: markRead,
    onMutate: async (plan) => {
      await qc.cancelQueries({ queryKey: notificationStateKey });
      const before = qc.getQueryData<NotificationState>(notificationStateKey);
      if (before) qc.setQueryData(notificationStateKey, afterMark(before, plan));
      return { before };
    },
    onSuccess: (state) => {
      // An earlier answer would hide a later mark still on its way.
      if (qc.isMutating({ mutationKey: markKey }) <= 1) qc.setQueryData(notificationStateKey, state);
    },
    onError: () => qc.invalidateQueries({ queryKey: notificationStateKey }),
  });
}
