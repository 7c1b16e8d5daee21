// The signed-in user's notifications as the bell shows them (list_notifications): newest first, a page at a
// time, each read or not by the portal's marker, the unread count (capped) on each page; the first page's is
// the badge's. The socket puts pushed ones on top of the first page (shared/api/realtime.ts), and a
// reconnect fetches the first page again.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { notificationKeys, type NotificationPage } from '../../../shared/api/notifications.ts';

/** Notifications per page: the panel's first screen, and each «Показать ещё». */
const PAGE_SIZE = 20;

const listNotifications = (cursor: string | undefined) =>
  rpc('list_notifications', cursor ? { limit: PAGE_SIZE, cursor } : { limit: PAGE_SIZE });

/** Kept fresh by the socket: asked again only after a reconnect or a while. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: NotificationPage) => last.cursor || undefined,
    staleTime: 5 * 60_000,
  });
