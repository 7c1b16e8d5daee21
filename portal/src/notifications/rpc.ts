// The caller's notifications as the bell shows them. The notifications are the game server's (read through
// nk, deleted by DELETE /v2/notification); it keeps no read flag, so the portal keeps a marker per user
// (store.ts) and says, for each notification listed and in the unread count, what that marker makes of it.
import { z } from 'zod';
import { AppError, Code, invalid, NotificationCode as SystemCode, type Nk, type NkNotification } from '@tribuna/server';
import { cursor, instantField, limit, rpc, uuids } from '../lib/rpc.ts';
import { markRead, readState, type NotificationState } from './store.ts';

const NOTHING_TO_MARK = 'Укажите, какие уведомления отметить прочитанными.';

/**
 * Counting unread notifications stops here: a badge says 9+ long before.
 * @internal
 */
export const UNREAD_COUNT_CAP = 100;

/**
 * The game server's own notifications the bell shows, beside the portal's (codes above 0): friend requests
 * and their acceptances. Its other codes (a direct chat opened, a group joined) are the chat's business.
 */
const SHOWN_SYSTEM_CODES = [SystemCode.FriendRequest, SystemCode.FriendAccept];

export interface NotificationItem {
  id: string;
  code: number;
  subject: string;
  content: Record<string, unknown>;
  sender_id?: string;
  create_time: string;
  read: boolean;
}

/** list_notifications: newest first; cursor pages to older ones. */
export interface NotificationPage {
  notifications: NotificationItem[];
  cursor?: string;
  /** The caller's unread notifications, counted up to UNREAD_COUNT_CAP. */
  unread_count: number;
}

/** mark_notifications_read: the marker after the change, and the unread count it leaves. */
export type MarkReadAnswer = NotificationState & { unread_count: number };

/** Read by the marker: created before its time (whole seconds), or its id marked. */
function isRead(n: NkNotification, state: NotificationState): boolean {
  if (state.read_before && n.createTime.getTime() < Date.parse(state.read_before)) return true;
  return state.read_ids.includes(n.id.toLowerCase());
}

function itemOf(n: NkNotification, state: NotificationState): NotificationItem {
  const item: NotificationItem = {
    id: n.id,
    code: n.code,
    subject: n.subject,
    content: (n.content ?? {}) as Record<string, unknown>,
    create_time: n.createTime.toISOString(),
    read: isRead(n, state),
  };
  if (n.senderId) item.sender_id = n.senderId;
  return item;
}

/** The shown notifications the marker leaves unread, up to the cap (the index read only that far). */
const unreadCount = (nk: Nk, userId: string, state: NotificationState) =>
  nk.notificationsCount(userId, {
    since: state.read_before ? new Date(state.read_before) : undefined,
    exceptIds: state.read_ids,
    systemCodes: SHOWN_SYSTEM_CODES,
    max: UNREAD_COUNT_CAP,
  });

async function listShown(nk: Nk, userId: string, pageSize: number, after: string | undefined) {
  try {
    return await nk.notificationsList(userId, pageSize, after, { newestFirst: true, systemCodes: SHOWN_SYSTEM_CODES });
  } catch (err) {
    if (err instanceof AppError && err.code === Code.InvalidArgument) throw invalid('cursor: курсор недействителен.');
    throw err;
  }
}

export const notificationRpcs = [
  // Registered users, their own notifications only (guests get none). Each page is one range of the user's
  // index, and the count reads at most its cap past the ids read one by one.
  rpc(
    'list_notifications',
    'registered',
    z.object({ limit: limit(20, 50), cursor }),
    async ({ input, userId, nk }): Promise<NotificationPage> => {
      const state = await readState(nk.db, userId);
      const page = await listShown(nk, userId, input.limit, input.cursor || undefined);
      const out: NotificationPage = {
        notifications: page.notifications.map((n) => itemOf(n, state)),
        unread_count: await unreadCount(nk, userId, state),
      };
      if (page.cursor) out.cursor = page.cursor;
      return out;
    },
  ),

  // Registered users, their own marker only. before: everything created before it is read (it never moves
  // back); ids: these are read. Ids of notifications that are not the caller's change nothing they see.
  rpc(
    'mark_notifications_read',
    'registered',
    z.object({ ids: uuids.default([]), before: instantField.optional() }),
    async ({ input, userId, nk }): Promise<MarkReadAnswer> => {
      if (!input.ids.length && !input.before) throw invalid(NOTHING_TO_MARK);
      const state = await markRead(nk.db, userId, input.before, input.ids);
      return { ...state, unread_count: await unreadCount(nk, userId, state) };
    },
    { limit: 'mark' },
  ),
];
