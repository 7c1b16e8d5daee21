// Deletes one of the user's notifications on the game server (DELETE /v2/notification); the list drops it at
// once and takes it back if the server refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/nakama/client.ts';
import { call } from '../../../lib/nakama/errors.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { notificationKeys, type NotificationList } from '../../../shared/api/notifications.ts';

async function deleteNotification(id: string): Promise<void> {
  const s = await sessionManager.current();
  await call(client.deleteNotifications(s, [id]));
}

export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: notificationKeys.list() });
      const before = qc.getQueryData<NotificationList>(notificationKeys.list());
      qc.setQueryData<NotificationList>(notificationKeys.list(), (list) => list && { ...list, notifications: list.notifications?.filter((n) => n.id !== id) });
      return { before };
    },
    onError: (_err, _id, context) => {
      if (context?.before) qc.setQueryData(notificationKeys.list(), context.before);
    },
  });
}
