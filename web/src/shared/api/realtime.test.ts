// What each socket event does to the cache (realtime.server.test.ts sends real ones).
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserPresence } from '../../lib/nakama/socket.ts';

vi.mock('../../lib/nakama/client.ts', () => ({ client: {} }));
vi.mock('../../lib/nakama/session.ts', () => ({ sessionManager: {} }));

const { applyRealtimeEvent } = await import('./realtime.ts');
const { channelMessageKeys } = await import('./chat.ts');
const { notificationKeys } = await import('./notifications.ts');
const { presenceKey } = await import('./presence.ts');

const presence = (user_id: string, session_id: string): UserPresence => ({ user_id, session_id, username: user_id, node: 'n', status: '' });
let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
});

describe('socket events in the cache', () => {
  it('puts a shown, stored notification on top of the loaded first page once, unread and counted; leaves a list not loaded alone', () => {
    const note = (id: string, code = 105, persistent = true) => ({ type: 'notification' as const, notification: { id, code, persistent, create_time: '2026-05-01T10:00:00Z' } });
    applyRealtimeEvent(qc, note('n0'));
    expect(qc.getQueryData(notificationKeys.list())).toBeUndefined();
    const old = { id: 'n1', code: 105, subject: 'a', content: {}, create_time: '2026-05-01T09:00:00.000Z', read: true };
    qc.setQueryData(notificationKeys.list(), {
      pages: [{ notifications: [old], cursor: 'c', unread_count: 4 }, { notifications: [], unread_count: 4 }],
      pageParams: [undefined, 'c'],
    });
    applyRealtimeEvent(qc, note('n2'));
    applyRealtimeEvent(qc, note('n2'));
    // The chat's kinds and live-only ones are not the bell's.
    applyRealtimeEvent(qc, note('dm', -1));
    applyRealtimeEvent(qc, note('live', 105, false));
    expect(qc.getQueryData(notificationKeys.list())).toEqual({
      pages: [
        { notifications: [{ id: 'n2', code: 105, subject: '', content: {}, create_time: '2026-05-01T10:00:00Z', read: false }, old], cursor: 'c', unread_count: 5 },
        { notifications: [], unread_count: 4 },
      ],
      pageParams: [undefined, 'c'],
    });
  });

  it('puts a new message first in its channel, applies edits and removals', () => {
    const key = channelMessageKeys.list('ch1');
    qc.setQueryData(key, { messages: [{ message_id: 'm1', code: 0, content: { text: 'a' } }] });
    const message = (message_id: string, code: number, text?: string) => ({ type: 'channel_message' as const, message: { channel_id: 'ch1', message_id, code, content: { text } } });
    applyRealtimeEvent(qc, message('m2', 0, 'b'));
    applyRealtimeEvent(qc, message('m1', 1, 'a!'));
    applyRealtimeEvent(qc, { ...message('m3', 0, 'elsewhere'), message: { ...message('m3', 0).message, channel_id: 'ch2' } });
    expect(qc.getQueryData(key)).toEqual({
      messages: [
        { channel_id: 'ch1', message_id: 'm2', code: 0, content: { text: 'b' } },
        { channel_id: 'ch1', message_id: 'm1', code: 0, content: { text: 'a!' } },
      ],
    });
    applyRealtimeEvent(qc, message('m2', 2));
    expect(qc.getQueryData<{ messages: unknown[] }>(key)?.messages).toHaveLength(1);
  });

  it('keeps each followed user\'s online sessions; a follow\'s answer replaces what was known of them', () => {
    applyRealtimeEvent(qc, { type: 'status', userIds: ['u1', 'u2'], presences: [presence('u1', 's1')] });
    applyRealtimeEvent(qc, { type: 'status_presence', joins: [presence('u1', 's2'), presence('u2', 's3')], leaves: [] });
    applyRealtimeEvent(qc, { type: 'status_presence', joins: [], leaves: [presence('u1', 's1'), presence('u2', 's3')] });
    expect(qc.getQueryData(presenceKey)).toEqual({ u1: [presence('u1', 's2')] });
    applyRealtimeEvent(qc, { type: 'status', userIds: ['u1'], presences: [] });
    expect(qc.getQueryData(presenceKey)).toEqual({});
    applyRealtimeEvent(qc, { type: 'status', userIds: ['u3'], presences: [presence('u3', 's4')] });
    // A server restart's reconnect follows them again at once: what is shown stays meanwhile.
    applyRealtimeEvent(qc, { type: 'close', restarting: true });
    expect(qc.getQueryData(presenceKey)).toEqual({ u3: [presence('u3', 's4')] });
    applyRealtimeEvent(qc, { type: 'close' });
    expect(qc.getQueryData(presenceKey)).toEqual({});
  });

  it('fetches the lists again after a reconnect, not after the first connection; the notifications’ first page only', () => {
    const page = (cursor?: string) => ({ notifications: [], unread_count: 0, ...(cursor ? { cursor } : {}) });
    qc.setQueryData(notificationKeys.list(), { pages: [page('c1'), page('c2'), page()], pageParams: [undefined, 'c1', 'c2'] });
    qc.setQueryData(channelMessageKeys.list('ch1'), { messages: [] });
    applyRealtimeEvent(qc, { type: 'open', reconnected: false });
    expect(qc.getQueryState(notificationKeys.list())?.isInvalidated).toBe(false);
    applyRealtimeEvent(qc, { type: 'open', reconnected: true });
    expect(qc.getQueryState(notificationKeys.list())?.isInvalidated).toBe(true);
    expect(qc.getQueryData(notificationKeys.list())).toEqual({ pages: [page('c1')], pageParams: [undefined] });
    expect(qc.getQueryState(channelMessageKeys.list('ch1'))?.isInvalidated).toBe(true);
  });
});
