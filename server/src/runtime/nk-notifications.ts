// The `nk` facade's notifications: sending (codes above 0: the system's are 0 and below), and reading one
// user's, oldest first as upstream's notificationsList or newest first, and counting them up to a cap.
import type { Core } from '../core/index.ts';
import type { NotificationCountFilter, NotificationFilter, NotificationInput } from '../core/notifications.ts';
import { isUuid } from '../tokens.ts';
import type { NotificationRecord } from '../encode.ts';
import { invalid } from '../errors.ts';

/** A stored notification; `content` is the object it was sent with. */
export type NkNotification = NotificationRecord;

export interface NkNotificationList {
  notifications: NkNotification[];
  /**
   * Oldest first: upstream's cacheable cursor, given even after the last page, for what comes later.
   * Newest first: the next (older) page's, absent on the last page.
   */
  cursor?: string;
}

export interface NkNotificationListOptions extends NotificationFilter {
  /** Newest first, by a cursor of its own; the default is upstream's order, oldest first. */
  newestFirst?: boolean;
}

export interface NkNotificationCountOptions extends NotificationCountFilter {
  /** Counting stops here (1-1000, default 100): the answer is at most max. */
  max?: number;
}

export interface NkNotifications {
  notificationSend(userId: string, subject: string, content: Record<string, unknown>, code: number, senderId?: string | null, persistent?: boolean): Promise<void>;
  notificationsSend(notifications: NotificationInput[]): Promise<void>;
  /** A user's stored notifications; limit 1-100 (default 100). */
  notificationsList(userId: string, limit?: number, cursor?: string, options?: NkNotificationListOptions): Promise<NkNotificationList>;
  /**
   * How many of a user's stored notifications the options take (created at or after `since`, not among
   * `exceptIds`, of the codes kept), counted up to `max`: cheap however many the user has.
   */
  notificationsCount(userId: string, options?: NkNotificationCountOptions): Promise<number>;
}

export function notificationNk(core: Core): NkNotifications {
  const { notifications } = core;
  const notificationsSend = async (list: NotificationInput[]) => {
    // Codes at or below 0 are the system's (friend requests, group joins, ...).
    for (const n of list) if (!(n.code > 0)) throw invalid('Notification code must be above 0.');
    return notifications.send(list);
  };
  return {
    notificationSend: (userId, subject, content, code, senderId = null, persistent = false) =>
      notificationsSend([{ userId, subject, content, code, senderId, persistent }]),
    notificationsSend,
    async notificationsList(userId, limit = 100, cursor, options = {}) {
      const filter = { systemCodes: options.systemCodes };
      if (options.newestFirst) return notifications.listNewest(userId, limit, cursor || undefined, filter);
      if (!isUuid(userId)) throw invalid('Invalid user id.');
      const page = await notifications.list(userId, limit, cursor || undefined, filter);
      const out: NkNotificationList = { notifications: page.notifications };
      if (page.cacheableCursor) out.cursor = page.cacheableCursor;
      return out;
    },
    notificationsCount: (userId, { max = 100, ...filter } = {}) => notifications.count(userId, filter, max),
  };
}
