// What marks and deletions do to the cached pages and the count, and that undoing one gives back only what
// it changed (a notification pushed meanwhile stays).
import { describe, expect, it } from 'vitest';
import { withNotification, type NotificationItem, type NotificationPages } from '../../../shared/api/notifications.ts';
import { itemsOf, unreadOf, withItemBack, withMark, withMarker, withoutItem, withoutMark } from './cache.ts';

const n = (id: string, create_time: string, read = false): NotificationItem => ({ id, code: 105, subject: id, content: {}, create_time, read });
const pages = (count: number): NotificationPages => ({
  pages: [
    { notifications: [n('d', '2026-05-01T10:03:00.000Z'), n('c', '2026-05-01T10:02:00.000Z', true)], cursor: 'p2', unread_count: count },
    { notifications: [n('b', '2026-05-01T10:01:00.000Z'), n('a', '2026-05-01T10:00:00.000Z')], unread_count: count },
  ],
  pageParams: [undefined, 'p2'],
});
const state = (data: NotificationPages) => [itemsOf(data).map((x) => `${x.id}${x.read ? '' : '*'}`).join(' '), unreadOf(data)];
const pushed = { id: 'e', code: 106, subject: 'e', create_time: '2026-05-01T10:04:00Z', persistent: true };

describe('marks in the cache', () => {
  it('takes ids alone off the count; undone, only they come back', () => {
    const { data, undo } = withMark(pages(9), { ids: ['b', 'c'] });
    expect(state(data)).toEqual(['d* c b a*', 8]);
    // A notification pushed before the refusal stays, unread and counted.
    expect(state(withoutMark(withNotification(data, pushed), undo))).toEqual(['e* d* c b* a*', 10]);
  });

  it('with a time, counts what stays unread of those held, however many were counted', () => {
    const { data, undo } = withMark(pages(100), { ids: ['d'], before: '2026-05-01T10:03:00.000Z' });
    expect(state(data)).toEqual(['d c b a', 0]);
    expect(state(withoutMark(data, undo))).toEqual(['d* c b* a*', 100]);
    // A count at its cap stays there when ids alone are read: nobody knows how far past it the truth is.
    expect(unreadOf(withMark(pages(100), { ids: ['a'] }).data)).toBe(100);
  });

  it('takes the portal’s answer: its marker into every notification held, and its count', () => {
    const data = withMarker(pages(5), { read_before: '2026-05-01T10:01:00.000Z', read_ids: ['d'], unread_count: 2 });
    expect(state(data)).toEqual(['d c b* a', 2]);
  });
});

describe('deletions in the cache', () => {
  it('drops a notification (an unread one leaves the count) and puts it back where it was', () => {
    const { data, removed } = withoutItem(pages(3), 'b');
    expect(state(data)).toEqual(['d* c a*', 2]);
    const back = withItemBack(data, removed!);
    expect(state(back)).toEqual(['d* c b* a*', 3]);
    expect(back.pages[1].notifications.map((x) => x.id)).toEqual(['b', 'a']);
    // Back once only, and a read one leaves the count alone.
    expect(withItemBack(back, removed!)).toBe(back);
    expect(unreadOf(withoutItem(pages(3), 'c').data)).toBe(3);
    expect(withoutItem(pages(3), 'x').removed).toBeUndefined();
  });
});
