// The signed-in user's notifications: one key, the stored list (oldest first), and what a notification
// pushed over the socket does to it (shared/api/realtime.ts applies it).
import type { Notification, NotificationList } from '../../lib/nakama/client.ts';

export type { Notification, NotificationList };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** The list with a pushed notification at its end, once: the server may push one the list already has. */
export function withNotification(list: NotificationList, n: Notification): NotificationList {
  const items = list.notifications ?? [];
  if (n.id && items.some((x) => x.id === n.id)) return list;
  return { ...list, notifications: [...items, n] };
}
