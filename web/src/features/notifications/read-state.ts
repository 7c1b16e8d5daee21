// What the bell shows and counts, and how marking read moves the portal's marker. A notification is read when
// it was created before the marker's time (whole seconds, as the server lists times) or its id was marked;
// the time follows the oldest notification still unread, so the ids kept stay few.
import type { Notification } from '../../shared/api/notifications.ts';
import type { NotificationState } from './api/get-notification-state.ts';

/** The game server's friend request and its acceptance; their subjects are English, so the bell words them. */
export const FRIEND_REQUEST = -2;
export const FRIEND_ACCEPTED = -3;

/** Ids the portal keeps (portal/src/notifications/store.ts). */
const READ_IDS_KEPT = 200;

/**
 * The portal's notifications (codes above 0, Russian subjects) and friend requests and acceptances. The game
 * server's other codes (a direct chat opened, being added to a chat's group) are the chat widget's business.
 */
function isShown(n: Notification): boolean {
  return (n.code ?? 0) > 0 || n.code === FRIEND_REQUEST || n.code === FRIEND_ACCEPTED;
}

const timeOf = (n: Notification) => Date.parse(n.create_time ?? '') || 0;

export function isRead(n: Notification, state: NotificationState): boolean {
  if (state.read_before && timeOf(n) < Date.parse(state.read_before)) return true;
  return !!n.id && state.read_ids.includes(n.id);
}

/** The shown notifications, newest first (the list is oldest first, pushed ones at its end). */
export function newestFirst(list: readonly Notification[]): Notification[] {
  return list
    .map((n, i) => ({ n, i, t: timeOf(n) }))
    .filter(({ n }) => isShown(n))
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .map(({ n }) => n);
}

export function unreadCount(list: readonly Notification[], state: NotificationState): number {
  return list.filter((n) => isShown(n) && !isRead(n, state)).length;
}

/** The badge's text: none at 0, '9+' above 9 (as the chat's). */
export function badgeText(n: number): string | undefined {
  if (n <= 0) return undefined;
  return n > 9 ? '9+' : String(n);
}

export interface MarkRead {
  ids: string[];
  before?: string;
}

/**
 * What mark_notifications_read needs so that `ids` are read too: the time moves to the oldest notification
 * still unread (every one before it is read), or to the newest when none is, and only the ids at or after
 * that time are sent. Undefined when nothing would change.
 */
export function markPlan(list: readonly Notification[], state: NotificationState, ids: readonly string[]): MarkRead | undefined {
  const shown = list.filter(isShown);
  const marked = new Set(ids);
  const unread = shown.filter((n) => !isRead(n, state) && !(n.id && marked.has(n.id)));
  const target = unread.length ? Math.min(...unread.map(timeOf)) : Math.max(0, ...shown.map(timeOf));
  const current = state.read_before ? Date.parse(state.read_before) : 0;
  const bound = Math.max(target, current);
  const byId = new Map(list.map((n) => [n.id, n]));
  const send = [...marked].filter((id) => {
    const n = byId.get(id);
    return !state.read_ids.includes(id) && (!n || timeOf(n) >= bound);
  });
  const before = target > current ? new Date(target).toISOString() : undefined;
  if (!send.length && !before) return undefined;
  return before ? { ids: send, before } : { ids: send };
}

/** The state once the server has taken a mark, as it will answer it: shown at once. */
export function afterMark(state: NotificationState, plan: MarkRead): NotificationState {
  const readIds = [...state.read_ids.filter((id) => !plan.ids.includes(id)), ...plan.ids].slice(-READ_IDS_KEPT);
  const current = state.read_before ? Date.parse(state.read_before) : 0;
  const before = plan.before && Date.parse(plan.before) > current ? plan.before : state.read_before;
  return before ? { read_before: before, read_ids: readIds } : { read_ids: readIds };
}
