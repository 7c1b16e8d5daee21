// Marks notifications read (the portal's marker): shown at once in the cached pages and the count, the
// server's answer (its marker and count) taken once the last of several quick marks has answered, and
// undone if it refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { notificationKeys, type NotificationPages } from '../../../shared/api/notifications.ts';
import type { MarkRead } from '../read-state.ts';
import { withMark, withMarker, withoutMark, type MarkUndo } from './cache.ts';

const markKey = ['mark_notifications_read'] as const;

const markRead = (mark: MarkRead) => rpc('mark_notifications_read', mark);

export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  const key = notificationKeys.list();
  return useMutation({
    mutationKey: markKey,
    mutationFn: markRead,
    onMutate: async (mark) => {
      await qc.cancelQueries({ queryKey: key });
      let undo: MarkUndo | undefined;
      qc.setQueryData<NotificationPages>(key, (data) => {
        if (!data) return data;
        const r = withMark(data, mark);
        undo = r.undo;
        return r.data;
      });
      return { undo };
    },
    onSuccess: (answer) => {
      // An earlier answer would hide a later mark still on its way.
      if (qc.isMutating({ mutationKey: markKey }) <= 1) qc.setQueryData<NotificationPages>(key, (data) => data && withMarker(data, answer));
    },
    onError: (_err, _mark, context) => {
      const undo = context?.undo;
      if (undo) qc.setQueryData<NotificationPages>(key, (data) => data && withoutMark(data, undo));
    },
  });
}
