// Which notifications are read, what the bell counts, and how marking read moves the marker: the time
// follows the oldest unread notification, and a later notification of the same second stays unread.
import { describe, expect, it } from 'vitest';
import { afterMark, badgeText, isRead, markPlan, newestFirst, unreadCount } from './read-state.ts';

const n = (id: string, create_time: string, code = 105) => ({ id, code, create_time, subject: id });
const list = [
  n('a', '2026-05-01T10:00:00Z'),
  n('dm', '2026-05-01T10:00:30Z', -1),
  n('b', '2026-05-01T10:01:00Z'),
  n('c', '2026-05-01T10:02:00Z', -2),
  n('d', '2026-05-01T10:02:00Z'),
];

describe('read state', () => {
  it('reads a notification created before the marker’s time or marked by id', () => {
    const state = { read_before: '2026-05-01T10:01:00.000Z', read_ids: ['d'] };
    expect(list.map((x) => isRead(x, state))).toEqual([true, true, false, false, true]);
  });

  it('counts the shown kinds only (portal codes, friend requests and acceptances), newest first', () => {
    expect(unreadCount(list, { read_ids: [] })).toBe(4);
    expect(newestFirst(list).map((x) => x.id)).toEqual(['d', 'c', 'b', 'a']);
    expect([0, 1, 9, 10, 12].map(badgeText)).toEqual([undefined, '1', '9', '9+', '9+']);
  });

  it('moves the time to the oldest unread notification and sends only the ids at or after it', () => {
    const state = { read_ids: [] };
    // b read: a is still unread, so the time goes no further than a; b goes by id.
    expect(markPlan(list, state, ['b'])).toEqual({ ids: ['b'], before: '2026-05-01T10:00:00.000Z' });
    // a read: everything before b (the oldest unread) is read.
    expect(markPlan(list, state, ['a'])).toEqual({ ids: [], before: '2026-05-01T10:01:00.000Z' });
    const after = afterMark(state, markPlan(list, state, ['a'])!);
    expect(unreadCount(list, after)).toBe(3);
    // Nothing new to say: no plan.
    expect(markPlan(list, after, [])).toBeUndefined();
  });

  it('marks all read up to the newest second, naming that second’s ids, so a later one of the same second stays unread', () => {
    const state = { read_ids: ['c'] };
    const plan = markPlan(list, state, ['a', 'b', 'd']);
    expect(plan).toEqual({ ids: ['d'], before: '2026-05-01T10:02:00.000Z' });
    const after = afterMark(state, plan!);
    expect(after).toEqual({ read_before: '2026-05-01T10:02:00.000Z', read_ids: ['c', 'd'] });
    expect(unreadCount(list, after)).toBe(0);
    const later = [...list, n('e', '2026-05-01T10:02:00Z')];
    expect(unreadCount(later, after)).toBe(1);
  });

  it('never moves the time back', () => {
    const state = { read_before: '2026-05-01T11:00:00.000Z', read_ids: [] };
    expect(markPlan([...list, n('f', '2026-05-01T12:00:00Z')], state, ['f'])).toEqual({ ids: ['f'], before: '2026-05-01T12:00:00.000Z' });
    expect(afterMark(state, { ids: [], before: '2026-05-01T09:00:00.000Z' }).read_before).toBe('2026-05-01T11:00:00.000Z');
  });
});
