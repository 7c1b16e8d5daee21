// How marking read moves the marker when the bell holds only some pages: the time follows the oldest unread
// notification only when every unread one is held, ids go alone otherwise; «all» moves it to the newest
// second, naming that second's unread ones, so a later one of the same second stays unread.
import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../shared/api/notifications.ts';
import { badgeText, markAllPlan, markPlan, readBy } from './read-state.ts';

const n = (id: string, create_time: string, read = false): NotificationItem => ({ id, code: 105, subject: id, content: {}, create_time, read });
/** Newest first, as the pages hold them; d and c share a second. */
const held = [
  n('d', '2026-05-01T10:02:00.700Z'),
  n('c', '2026-05-01T10:02:00.200Z', true),
  n('b', '2026-05-01T10:01:00.000Z'),
  n('a', '2026-05-01T10:00:00.500Z'),
];

describe('marking read', () => {
  it('moves the time to the oldest unread one when every unread one is held, sending only the ids at or after it', () => {
    // 3 unread, all held. b read: a is still unread, so the time goes no further than a's second; b by id.
    expect(markPlan(held, 3, ['b'])).toEqual({ ids: ['b'], before: '2026-05-01T10:00:00.000Z' });
    // a read: everything before b (the oldest unread) is read; a goes by the time.
    expect(markPlan(held, 3, ['a'])).toEqual({ ids: [], before: '2026-05-01T10:01:00.000Z' });
    // The last unread ones: up to the newest second, with its unread ones by id.
    expect(markPlan(held, 3, ['a', 'b', 'd'])).toEqual({ ids: ['d'], before: '2026-05-01T10:02:00.000Z' });
  });

  it('sends the ids alone when unread ones may be on pages not loaded, or the count is at its cap', () => {
    expect(markPlan(held, 4, ['b'])).toEqual({ ids: ['b'] });
    expect(markPlan(held, 100, ['a', 'd'])).toEqual({ ids: ['d', 'a'] });
  });

  it('has nothing to send for notifications already read or not held', () => {
    expect(markPlan(held, 3, ['c'])).toBeUndefined();
    expect(markPlan(held, 3, ['x'])).toBeUndefined();
  });

  it('marks all up to the newest second, held or not, naming that second’s unread ones', () => {
    expect(markAllPlan(held, 3)).toEqual({ ids: ['d'], before: '2026-05-01T10:02:00.000Z' });
    // Unread ones only on pages not loaded: the time alone reaches them.
    const readHeld = held.map((x) => ({ ...x, read: true }));
    expect(markAllPlan(readHeld, 7)).toEqual({ ids: [], before: '2026-05-01T10:02:00.000Z' });
    expect(markAllPlan(readHeld, 0)).toBeUndefined();
    expect(markAllPlan([], 0)).toBeUndefined();
  });

  it('reads the marker as the portal does: before its second, or named', () => {
    const marker = { ids: ['d'], before: '2026-05-01T10:01:00.000Z' };
    expect(held.map((x) => readBy(x, marker))).toEqual([true, false, false, true]);
    // A later notification of the marker's second stays unread.
    expect(readBy(n('e', '2026-05-01T10:01:00.900Z'), marker)).toBe(false);
  });

  it('writes the badge: none at 0, 9+ above 9', () => {
    expect([0, 1, 9, 10, 100].map(badgeText)).toEqual([undefined, '1', '9', '9+', '9+']);
  });
});
