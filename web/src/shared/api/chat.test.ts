// The chat caches: the unread badge, a pushed message in a chat's history and in the chat list, and what
// a reconnect asks again.
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/nakama/client.ts', () => ({ client: {} }));
vi.mock('../../lib/nakama/session.ts', () => ({ sessionManager: {} }));

const { chatKeys, chatMessageOf, showChat, unreadBadge, withChatMessage, withChatSummary } = await import('./chat.ts');
type Chat = import('./chat.ts').Chat;
type ChatMessage = import('./chat.ts').ChatMessage;
const { applyRealtimeEvent } = await import('./realtime.ts');

const msg = (id: string, chat_id = 'c1', sender_id = 'bob'): ChatMessage => ({ id, chat_id, content: `текст ${id}`, sender_id, sender_name: '', created_at: '2026-11-24T10:00:00Z' });
const chat = (id: string, unread_count = 0): Chat => ({ id, name: id, team_id: null, participants: [], unread_count, type: 'group', channel: { type: 3, target: id } });

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
});

describe('unreadBadge', () => {
  it('sums the chats, says nothing at 0 and 9+ above 9', () => {
    expect(unreadBadge(undefined)).toBeUndefined();
    expect(unreadBadge([chat('a'), chat('b')])).toBeUndefined();
    expect(unreadBadge([chat('a', 1)])).toBe('1');
    expect(unreadBadge([chat('a', 4), chat('b', 5)])).toBe('9');
    expect(unreadBadge([chat('a', 4), chat('b', 6)])).toBe('9+');
    expect(unreadBadge([chat('a', 120)])).toBe('9+');
  });
});

describe('a new message', () => {
  it('counts as unread in its chat, which comes first; not when it is the user\'s own or its chat is on the screen', () => {
    let chats = [chat('c0'), chat('c1', 2)];
    chats = withChatSummary(chats, msg('m1'), 'me');
    expect(chats.map((c) => [c.id, c.unread_count, c.last_message?.id])).toEqual([['c1', 3, 'm1'], ['c0', 0, undefined]]);
    // The same message again (the socket and the send's answer) counts once.
    expect(withChatSummary(chats, msg('m1'), 'me')).toBe(chats);
    chats = withChatSummary(chats, msg('m2', 'c0', 'me'), 'me');
    expect(chats[0]).toMatchObject({ id: 'c0', unread_count: 0, last_message: { id: 'm2' } });
    const hide = showChat('c1');
    chats = withChatSummary(chats, msg('m3'), 'me');
    expect(chats[0]).toMatchObject({ id: 'c1', unread_count: 3 });
    hide();
    chats = withChatSummary(chats, msg('m4'), 'me');
    expect(chats[0]).toMatchObject({ id: 'c1', unread_count: 4 });
    // A chat not in the list is left to the next fetch.
    expect(withChatSummary(chats, msg('m5', 'elsewhere'), 'me')).toBe(chats);
  });

  it('goes first on the newest page of the history, once', () => {
    const data = { pages: [{ messages: [msg('m2'), msg('m1')], cursor: 'x' }, { messages: [msg('m0')] }], pageParams: [undefined, 'x'] };
    const next = withChatMessage(data, msg('m3'));
    expect(next.pages.map((p) => p.messages.map((m) => m.id))).toEqual([['m3', 'm2', 'm1'], ['m0']]);
    expect(withChatMessage(next, msg('m0'))).toBe(next);
  });

  it('is read from a channel message with a text, and not from other shapes', () => {
    expect(chatMessageOf({ channel_id: 'c1', message_id: 'm1', sender_id: 'bob', content: { text: 'привет' }, create_time: '2026-11-24T10:00:00Z' })).toEqual({
      id: 'm1', chat_id: 'c1', content: 'привет', sender_id: 'bob', sender_name: '', created_at: '2026-11-24T10:00:00Z',
    });
    expect(chatMessageOf({ channel_id: 'c1', message_id: 'm2', content: { other: 1 } })).toBeUndefined();
  });
});

describe('socket events in the chat caches', () => {
  it('puts a channel message into the loaded history and the chat list, skipping edits', () => {
    qc.setQueryData(chatKeys.messages('c1'), { pages: [{ messages: [msg('m1')] }], pageParams: [undefined] });
    qc.setQueryData(chatKeys.summary(), [chat('c1')]);
    const event = (message_id: string, code = 0) => ({ type: 'channel_message' as const, message: { channel_id: 'c1', message_id, code, sender_id: 'bob', content: { text: message_id } } });
    applyRealtimeEvent(qc, event('m2'), 'me');
    applyRealtimeEvent(qc, event('m1', 1), 'me');
    expect(qc.getQueryData<{ pages: { messages: ChatMessage[] }[] }>(chatKeys.messages('c1'))?.pages[0].messages.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(qc.getQueryData<Chat[]>(chatKeys.summary())?.[0]).toMatchObject({ unread_count: 1, last_message: { id: 'm2', content: 'm2' } });
    // A chat whose history is not loaded stays so: its first fetch has the message.
    applyRealtimeEvent(qc, { ...event('m3'), message: { ...event('m3').message, channel_id: 'c2' } }, 'me');
    expect(qc.getQueryData(chatKeys.messages('c2'))).toBeUndefined();
  });

  it('asks for the chats and the open histories again after a reconnect, not after the first connection', () => {
    qc.setQueryData(chatKeys.summary(), [chat('c1')]);
    qc.setQueryData(chatKeys.messages('c1'), { pages: [{ messages: [] }], pageParams: [undefined] });
    applyRealtimeEvent(qc, { type: 'open', reconnected: false });
    expect(qc.getQueryState(chatKeys.summary())?.isInvalidated).toBe(false);
    applyRealtimeEvent(qc, { type: 'open', reconnected: true });
    expect(qc.getQueryState(chatKeys.summary())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(chatKeys.messages('c1'))?.isInvalidated).toBe(true);
  });
});

describe('another user signing in', () => {
  it('drops the previous user\'s chats, histories and friends; a token refresh keeps them', async () => {
    const { forgetChatsOnUserChange } = await import('./chat-channels.ts');
    const listeners = new Set<() => void>();
    let snapshot: { session?: { user_id?: string } } = { session: { user_id: 'alice' } };
    const manager = { subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)), getSnapshot: () => snapshot };
    const set = (s: typeof snapshot) => {
      snapshot = s;
      for (const l of listeners) l();
    };
    forgetChatsOnUserChange(manager, qc);
    qc.setQueryData(chatKeys.summary(), [chat('c1')]);
    qc.setQueryData(chatKeys.messages('c1'), { pages: [], pageParams: [] });
    qc.setQueryData(['friends', 'list'], []);
    set({ session: { user_id: 'alice' } });
    expect(qc.getQueryData(chatKeys.summary())).toBeDefined();
    set({});
    expect(qc.getQueryData(chatKeys.summary())).toBeUndefined();
    expect(qc.getQueryData(chatKeys.messages('c1'))).toBeUndefined();
    expect(qc.getQueryData(['friends', 'list'])).toBeUndefined();
  });
});
