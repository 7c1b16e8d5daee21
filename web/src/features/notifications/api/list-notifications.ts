// The signed-in user's stored notifications (GET /v2/notification), every page: the server lists them oldest
// first and each page's cursor leads to the next, so the newest are at the end of the last page. The socket
// adds what is pushed later (shared/api/realtime.ts), and a reconnect fetches the list again.
import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/nakama/client.ts';
import { call } from '../../../lib/nakama/errors.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { notificationKeys, type Notification, type NotificationList } from '../../../shared/api/notifications.ts';

/** The server's largest page. */
const PAGE = 100;

async function listAll(): Promise<NotificationList> {
  const s = await sessionManager.current();
  const notifications: Notification[] = [];
  let cursor = '';
  for (;;) {
    const page = await call(client.listNotifications(s, PAGE, cursor));
    const items = page.notifications ?? [];
    notifications.push(...items);
    const next = page.cacheable_cursor ?? '';
    // A short page is the last; the cursor then points after it, for what comes later.
    if (items.length < PAGE || !next || next === cursor) return { notifications, cacheable_cursor: next || cursor };
    cursor = next;
  }
}

/** Kept fresh by the socket: asked again only after a reconnect or a while. */
export const notificationsQuery = () => queryOptions({ queryKey: notificationKeys.list(), queryFn: listAll, staleTime: 5 * 60_000 });
