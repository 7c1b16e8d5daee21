// Deletes one of the user's notifications on the game server (DELETE /v2/notification); the pages drop it at
// once (an unread one leaves the count) and take it back where it was if the server refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/nakama/client.ts';
import { call } from '../../../lib/nakama/errors.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { notificationKeys, type NotificationPages } from '../../../shared/api/notifications.ts';
import { withItemBack, withoutItem, type Removed } from './cache.ts';

async function deleteNotification(id: string): Promise<void> {
  const s = await sessionManager.current();
  await call(client.deleteNotifications(s, [id]));
}

export function useDeleteNotification() {
  const qc = useQueryClient();
  const key = notificationKeys.list();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: key });
      let removed: Removed | undefined;
      qc.setQueryData<NotificationPages>(key, (data) => {
        if (!data) return data;
        const r = withoutItem(data, id);
        removed = r.removed;
        return r.data;
      });
      return { removed };
    },
    onError: (_err, _id, context) => {
      const removed = context?.removed;
      if (removed) qc.setQueryData<NotificationPages>(key, (data) => data && withItemBack(data, removed));
    },
  });
}
