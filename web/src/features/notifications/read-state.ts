// How marking read moves the portal's marker: a time (whole seconds) before which everything is read, and the
// ids read one by one at or after it. The bell holds only the pages it has loaded, so the time moves up to the
// oldest notification left unread only when every unread one is among them (the count says so); otherwise the
// ids go alone. «Отметить все» moves it to the newest, which needs nothing older.
import { UNREAD_COUNT_CAP, type NotificationItem } from '../../shared/api/notifications.ts';

/** What mark_notifications_read is sent. */
export interface MarkRead {
  ids: string[];
  before?: string;
}

/** The whole second of a time, as the marker keeps it. */
const secondOf = (time: string) => Math.floor((Date.parse(time) || 0) / 1000) * 1000;

/** The badge's text: none at 0, '9+' above 9 (as the chat's). */
export function badgeText(n: number): string | undefined {
  if (n <= 0) return undefined;
  return n > 9 ? '9+' : String(n);
}

/** Whether every unread notification is among those held (the count is exact below its cap). */
function holdsAllUnread(items: readonly NotificationItem[], unreadCount: number): boolean {
  return unreadCount < UNREAD_COUNT_CAP && items.filter((n) => !n.read).length >= unreadCount;
}

const newestSecond = (items: readonly NotificationItem[]) => Math.max(0, ...items.map((n) => secondOf(n.create_time)));

/** The time `at` with the unread ones of `items` at or after it that are to be read by id. */
function upTo(at: number, toRead: readonly NotificationItem[]): MarkRead {
  return { ids: toRead.filter((n) => secondOf(n.create_time) >= at).map((n) => n.id), before: new Date(at).toISOString() };
}

/**
 * What makes `ids` read. When every unread notification is held, the time moves to the oldest one left
 * unread (or to the newest held, when none is), so the ids the portal keeps stay few, and only the ids at or
 * after it are sent. Undefined when none of them is unread.
 */
export function markPlan(items: readonly NotificationItem[], unreadCount: number, ids: readonly string[]): MarkRead | undefined {
  const marked = new Set(ids);
  const toRead = items.filter((n) => !n.read && marked.has(n.id));
  if (!toRead.length) return undefined;
  if (!holdsAllUnread(items, unreadCount)) return { ids: toRead.map((n) => n.id) };
  const left = items.filter((n) => !n.read && !marked.has(n.id));
  const at = left.length ? Math.min(...left.map((n) => secondOf(n.create_time))) : newestSecond(items);
  return upTo(at, toRead);
}

/**
 * What makes everything read, held or not: the time moves to the newest notification's second, whose unread
 * ones are named, so a later one of that same second stays unread. Undefined when nothing is unread.
 */
export function markAllPlan(items: readonly NotificationItem[], unreadCount: number): MarkRead | undefined {
  if (!items.length || (unreadCount <= 0 && items.every((n) => n.read))) return undefined;
  return upTo(newestSecond(items), items.filter((n) => !n.read));
}

/** Whether a mark (or the marker it leaves) makes n read: created before its time, or named. */
export function readBy(n: NotificationItem, mark: MarkRead): boolean {
  if (mark.before && secondOf(n.create_time) < Date.parse(mark.before)) return true;
  return mark.ids.includes(n.id);
}
