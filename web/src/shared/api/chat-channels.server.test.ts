// @vitest-environment node
// Chat channels against the real server: every chat of the user is joined after the socket connects and
// again after a lost connection comes back (with chats listed anew, so a chat made meanwhile is joined
// too); the chats and open histories are asked again for what was missed; disconnect() ends it.
import { QueryClient } from '@tanstack/react-query';
import { startTestServer, type TestServer, type TestSession } from '@tribuna/server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordConnections } from '../../test/connections.ts';
import { RealtimeSocket } from '../../lib/nakama/socket.ts';

vi.mock('../../lib/nakama/client.ts', () => ({ client: {} }));
vi.mock('../../lib/nakama/session.ts', () => ({ sessionManager: {} }));

const { bindRealtimeCache } = await import('./realtime.ts');
const { chatKeys } = await import('./chat.ts');
const { ChatChannels } = await import('./chat-channels.ts');
type Chat = import('./chat.ts').Chat;
type ChatMessagePages = import('./chat.ts').ChatMessagePages;

let ts: TestServer;
let alice: TestSession;
let bob: TestSession;
let carol: TestSession;
const sockets: Array<{ disconnect(fireDisconnectEvent: boolean): void }> = [];
let connections: ReturnType<typeof recordConnections>;

beforeAll(async () => {
  ts = await startTestServer();
  connections = recordConnections(ts);
  alice = await ts.newSession('alice');
  bob = await ts.newSession('bob');
  carol = await ts.newSession('carol');
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect(false);
  await ts?.close();
}, 30_000);

/** A plain socket of another user in the direct chat with alice. */
async function directWith(session: TestSession) {
  const socket = ts.client().createSocket(false);
  sockets.push(socket);
  await socket.connect(session, true);
  const channel = await socket.joinChat(alice.user_id, 2, true, false);
  return { socket, channelId: channel.id, say: (text: string) => socket.writeChatMessage(channel.id, { text }) };
}

const direct = (id: string, other: TestSession): Chat => ({
  id, name: other.username ?? '', team_id: null, participants: [alice.user_id, other.user_id], unread_count: 0, type: 'direct', channel: { type: 2, target: other.user_id },
});

/** Cuts alice's connections on the server's side, as a network failure would. */
const dropAlice = () => connections.cut(alice.token);

describe('chat channels', () => {
  it('joins the user\'s chats after connecting and after every reconnect, and asks again for what was missed', { timeout: 30_000 }, async () => {
    const withBob = await directWith(bob);
    const withCarol = await directWith(carol);
    const rt = new RealtimeSocket({ createSocket: () => ts.client().createSocket(false), session: async () => alice, reconnectDelayMs: 300 });
    const qc = new QueryClient();
    bindRealtimeCache(rt, qc, () => alice.user_id);
    // The first list has the chat with bob; the later ones also the chat with carol, made meanwhile.
    let lists = 0;
    const chats = new ChatChannels(rt, qc, async () => (++lists === 1 ? [direct(withBob.channelId, bob)] : [direct(withBob.channelId, bob), direct(withCarol.channelId, carol)]));
    chats.start();
    rt.connect();
    await vi.waitFor(() => expect(chats.isJoined(withBob.channelId)).toBe(true), { timeout: 5000 });
    expect(chats.isJoined(withCarol.channelId)).toBe(false);

    // Bob's message arrives in the loaded history and counts as unread.
    qc.setQueryData(chatKeys.summary(), [direct(withBob.channelId, bob), direct(withCarol.channelId, carol)]);
    qc.setQueryData<ChatMessagePages>(chatKeys.messages(withBob.channelId), { pages: [{ messages: [] }], pageParams: [undefined] });
    const history = () => qc.getQueryData<ChatMessagePages>(chatKeys.messages(withBob.channelId))?.pages[0].messages.map((m) => m.content);
    const unread = (id: string) => qc.getQueryData<Chat[]>(chatKeys.summary())?.find((c) => c.id === id)?.unread_count;
    await withBob.say('привет');
    await vi.waitFor(() => expect(history()).toEqual(['привет']));
    expect(unread(withBob.channelId)).toBe(1);

    // The connection is lost; what bob says meanwhile is not pushed, so it is asked for again.
    expect(dropAlice()).toBe(1);
    await withBob.say('пока тебя не было');
    await vi.waitFor(() => expect(lists).toBe(2), { timeout: 5000 });
    await vi.waitFor(() => expect(chats.isJoined(withCarol.channelId)).toBe(true), { timeout: 5000 });
    expect(chats.isJoined(withBob.channelId)).toBe(true);
    expect(qc.getQueryState(chatKeys.messages(withBob.channelId))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(chatKeys.summary())?.isInvalidated).toBe(true);

    // Both chats deliver live on the new connection, the one joined only now as well.
    await withBob.say('снова');
    await vi.waitFor(() => expect(history()?.[0]).toBe('снова'));
    await withCarol.say('и я тут');
    await vi.waitFor(() => expect(unread(withCarol.channelId)).toBe(1));

    // Signed out: no reconnect, no list.
    rt.disconnect();
    await new Promise((r) => setTimeout(r, 800));
    expect(lists).toBe(2);
    expect(rt.state).toBe('idle');
    expect(chats.isJoined(withBob.channelId)).toBe(false);
  });
});
