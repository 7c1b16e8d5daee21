// What marking read and deleting do to the bell's cached pages at once, and how each is undone when the
// server refuses: only what the change touched goes back, so a notification pushed meanwhile stays.
import { countPlus, withCount, type NotificationItem, type NotificationPages } from '../../../shared/api/notifications.ts';
import { readBy, type MarkRead } from '../read-state.ts';

/** Every notification held, newest first. */
export const itemsOf = (data: NotificationPages): NotificationItem[] => data.pages.flatMap((p) => p.notifications);

/** The unread count: the first page's, which the cache keeps current. */
export const unreadOf = (data: NotificationPages): number => data.pages[0]?.unread_count ?? 0;

function mapItems(data: NotificationPages, fn: (n: NotificationItem) => NotificationItem): NotificationPages {
  return { ...data, pages: data.pages.map((p) => ({ ...p, notifications: p.notifications.map(fn) })) };
}

/** What a mark changed: the notifications it made read, and how much it took off the count. */
export interface MarkUndo {
  ids: string[];
  counted: number;
}

/**
 * The pages once a mark is taken. With a time, everything older is read, held or not, so the count is what
 * stays unread of those held (the plan moves the time only when that is exact); ids alone take themselves off.
 */
export function withMark(data: NotificationPages, mark: MarkRead): { data: NotificationPages; undo: MarkUndo } {
  const ids: string[] = [];
  let next = mapItems(data, (n) => {
    if (n.read || !readBy(n, mark)) return n;
    ids.push(n.id);
    return { ...n, read: true };
  });
  const before = unreadOf(data);
  const after = mark.before ? itemsOf(next).filter((n) => !n.read).length : countPlus(before, -ids.length);
  next = withCount(next, () => after);
  return { data: next, undo: { ids, counted: before - after } };
}

/** The pages with a refused mark undone. */
export function withoutMark(data: NotificationPages, undo: MarkUndo): NotificationPages {
  const ids = new Set(undo.ids);
  const next = mapItems(data, (n) => (ids.has(n.id) && n.read ? { ...n, read: false } : n));
  return withCount(next, (c) => countPlus(c, undo.counted));
}

/** The pages after the portal's answer to a mark: its marker read into every notification held, and its count. */
export function withMarker(data: NotificationPages, marker: { read_before?: string; read_ids: string[]; unread_count: number }): NotificationPages {
  const mark = { ids: marker.read_ids, before: marker.read_before };
  const next = mapItems(data, (n) => (!n.read && readBy(n, mark) ? { ...n, read: true } : n));
  return withCount(next, () => marker.unread_count);
}

/** Where a deleted notification was, to put it back. */
export interface Removed {
  item: NotificationItem;
  page: number;
  index: number;
}

/** The pages without one notification; an unread one leaves the count too. */
export function withoutItem(data: NotificationPages, id: string): { data: NotificationPages; removed?: Removed } {
  const page = data.pages.findIndex((p) => p.notifications.some((n) => n.id === id));
  if (page < 0) return { data };
  const index = data.pages[page].notifications.findIndex((n) => n.id === id);
  const item = data.pages[page].notifications[index];
  const pages = data.pages.map((p, i) => (i === page ? { ...p, notifications: p.notifications.filter((n) => n.id !== id) } : p));
  const next = { ...data, pages };
  return { data: item.read ? next : withCount(next, (c) => countPlus(c, -1)), removed: { item, page, index } };
}

/** The pages with a notification whose deletion was refused back where it was. */
export function withItemBack(data: NotificationPages, removed: Removed): NotificationPages {
  const { item } = removed;
  if (!data.pages.length || data.pages.some((p) => p.notifications.some((n) => n.id === item.id))) return data;
  const page = Math.min(removed.page, data.pages.length - 1);
  const pages = data.pages.map((p, i) => {
    if (i !== page) return p;
    const notifications = [...p.notifications];
    notifications.splice(Math.min(removed.index, notifications.length), 0, item);
    return { ...p, notifications };
  });
  const next = { ...data, pages };
  return item.read ? next : withCount(next, (c) => countPlus(c, 1));
}
