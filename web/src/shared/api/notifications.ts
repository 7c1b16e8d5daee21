// The signed-in user's notifications as the bell keeps them: the pages of list_notifications (newest first,
// each notification read or not, the unread count on the first page) under one key, and what a notification
// pushed over the socket does to them (shared/api/realtime.ts applies it).
import type { NotificationItem, NotificationPage } from '@tribuna/portal/types';
import type { Notification as PushedNotification } from '../../lib/nakama/client.ts';

export type { NotificationItem, NotificationPage };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** The pages as the infinite query keeps them: the newest first. */
export interface NotificationPages {
  pages: NotificationPage[];
  pageParams: unknown[];
}

/** The game server's friend request and its acceptance; their subjects are English, so the bell words them. */
export const FRIEND_REQUEST = -2;
export const FRIEND_ACCEPTED = -3;

/** The server counts unread notifications up to here (portal/src/notifications/rpc.ts): this many means at least. */
export const UNREAD_COUNT_CAP = 100;

/**
 * What the bell shows, as list_notifications keeps it: the portal's notifications (codes above 0) and friend
 * requests and acceptances. The game server's other codes (a direct chat opened, being added to a chat's
 * group) are the chat widget's business.
 */
function isShown(code: number | undefined): boolean {
  return (code ?? 0) > 0 || code === FRIEND_REQUEST || code === FRIEND_ACCEPTED;
}

/** A count changed by delta; one at the cap stays there, as nobody knows how far past it the truth is. */
export function countPlus(count: number, delta: number): number {
  if (count >= UNREAD_COUNT_CAP) return count;
  return Math.min(UNREAD_COUNT_CAP, Math.max(0, count + delta));
}

/** The pages with the first one's unread count changed by fn. */
export function withCount(data: NotificationPages, fn: (count: number) => number): NotificationPages {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, unread_count: fn(first.unread_count) }, ...rest] };
}

/**
 * The pages after a pushed notification: a stored one the bell shows goes on top of the first page, unread,
 * and counts; once only, as the server may push one a page already has.
 */
export function withNotification(data: NotificationPages, n: PushedNotification): NotificationPages {
  const { id, create_time: time } = n;
  const [first, ...rest] = data.pages;
  if (!first || !id || !time || !n.persistent || !isShown(n.code)) return data;
  if (data.pages.some((p) => p.notifications.some((x) => x.id === id))) return data;
  const item: NotificationItem = {
    id,
    code: n.code ?? 0,
    subject: n.subject ?? '',
    content: (n.content ?? {}) as Record<string, unknown>,
    create_time: time,
    read: false,
  };
  if (n.sender_id) item.sender_id = n.sender_id;
  const top = { ...first, notifications: [item, ...first.notifications], unread_count: countPlus(first.unread_count, 1) };
  return { ...data, pages: [top, ...rest] };
}

/** Only the first page, to be fetched again (after a reconnect): older pages load again as asked. */
export function firstPageOnly(data: NotificationPages): NotificationPages {
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}
