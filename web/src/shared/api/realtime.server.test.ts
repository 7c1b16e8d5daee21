// @vitest-environment node
// The socket client against the real server: events reach the query cache; a dropped connection comes back
// after 3 s and joins its channel and follows its users again; disconnect() stays disconnected.
import { QueryClient } from '@tanstack/react-query';
import { startTestServer, type TestServer, type TestSession } from '@tribuna/server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordConnections } from '../../test/connections.ts';
import { RealtimeSocket, type RealtimeEvent } from '../../lib/nakama/socket.ts';

// The page's client and session manager need a browser; these tests give the socket their own.
vi.mock('../../lib/nakama/client.ts', () => ({ client: {} }));
vi.mock('../../lib/nakama/session.ts', () => ({ sessionManager: {} }));

const { bindRealtimeCache } = await import('./realtime.ts');
const { channelMessageKeys } = await import('./chat.ts');
const { notificationKeys } = await import('./notifications.ts');
const { presenceKey } = await import('./presence.ts');

let ts: TestServer;
let alice: TestSession;
let bob: TestSession;
let bobSocket: Awaited<ReturnType<ReturnType<TestServer['client']>['createSocket']>>;
let connections: ReturnType<typeof recordConnections>;

beforeAll(async () => {
  ts = await startTestServer();
  connections = recordConnections(ts);
  alice = await ts.newSession('alice');
  bob = await ts.newSession('bob');
  bobSocket = ts.client().createSocket(false);
  await bobSocket.connect(bob, true);
  await bobSocket.joinChat('lobby', 1, true, false);
  // A fresh embedded database is migrated first: slow beside the other test files.
}, 60_000);

afterAll(async () => {
  bobSocket?.disconnect(false);
  await ts?.close();
}, 30_000);

/** Cuts alice's connections on the server's side, as a network failure would. */
const dropAlice = () => connections.cut(alice.token);

function aliceSocket(options: { reconnectDelayMs?: number } = {}) {
  const rt = new RealtimeSocket({ createSocket: () => ts.client().createSocket(false), session: async () => alice, ...options });
  const qc = new QueryClient();
  bindRealtimeCache(rt, qc);
  const events: Array<RealtimeEvent & { at: number }> = [];
  rt.subscribe((e) => events.push({ ...e, at: Date.now() }));
  /** The next event of a type, after those already seen. */
  const next = (type: RealtimeEvent['type'], timeout = 5000) => {
    const seen = events.length;
    return vi.waitFor(
      () => {
        const e = events.slice(seen).find((x) => x.type === type);
        if (!e) throw new Error(`no ${type} event yet`);
        return e;
      },
      { timeout, interval: 20 },
    );
  };
  return { rt, qc, events, next };
}

describe('realtime socket', () => {
  it('updates the cache from its events, reconnects 3 s after a dropped connection and resubscribes', { timeout: 30_000 }, async () => {
    const { rt, qc, events, next } = aliceSocket();
    const opened = next('open');
    rt.connect();
    expect(await opened).toMatchObject({ reconnected: false });
    expect(rt.state).toBe('open');

    // A notification lands on top of the bell's loaded first page.
    qc.setQueryData(notificationKeys.list(), { pages: [{ notifications: [], unread_count: 0 }], pageParams: [undefined] });
    await ts.app.nk.notificationSend(alice.user_id, 'Заявка принята', { team: 't1' }, 101, null, true);
    const bell = () => qc.getQueryData<{ pages: Array<{ notifications: Array<{ subject: string; content: unknown }>; unread_count: number }> }>(notificationKeys.list())!.pages[0];
    await vi.waitFor(() => expect(bell().notifications.map((n) => n.subject)).toEqual(['Заявка принята']));
    expect(bell().notifications[0].content).toEqual({ team: 't1' });
    expect(bell().unread_count).toBe(1);

    // A message of a joined channel lands in that channel's list, the latest first.
    const channel = await rt.joinChat('lobby', 1);
    const messages = () => qc.getQueryData<{ messages?: Array<{ content?: { text?: string } }> }>(channelMessageKeys.list(channel.id))?.messages?.map((m) => m.content?.text);
    qc.setQueryData(channelMessageKeys.list(channel.id), await ts.client().listChannelMessages(alice, channel.id, 100, false));
    await bobSocket.writeChatMessage(channel.id, { text: 'раз' });
    await vi.waitFor(() => expect(messages()).toEqual(['раз']));

    // A followed user's presence goes into the presence map.
    await rt.followUsers([bob.user_id]);
    const bobOnline = () => (qc.getQueryData<Record<string, unknown[]>>(presenceKey)?.[bob.user_id] ?? []).length > 0;
    expect(bobOnline()).toBe(true);

    // The server's side of the connection goes away.
    const closed = next('close');
    const reopened = next('open', 10_000);
    expect(dropAlice()).toBe(1);
    const lost = await closed;
    expect(rt.state).toBe('waiting');
    expect(bobOnline()).toBe(false);
    const back = await reopened;
    expect(back).toMatchObject({ reconnected: true });
    expect(back.at - lost.at).toBeGreaterThanOrEqual(2900);
    expect(back.at - lost.at).toBeLessThan(6000);

    // Joined and followed again: bob is online in the map, and his next message arrives.
    await vi.waitFor(() => expect(bobOnline()).toBe(true));
    await bobSocket.writeChatMessage(channel.id, { text: 'два' });
    await vi.waitFor(() => expect(messages()?.[0]).toBe('два'));
    // Notifications still arrive on the new connection.
    await ts.app.nk.notificationSend(alice.user_id, 'Новое событие', {}, 102, null, false);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'notification' && e.notification.subject === 'Новое событие')).toBe(true));

    rt.disconnect();
    expect(rt.state).toBe('idle');
  });

  it('does not reconnect after disconnect(), but does after a drop', { timeout: 15_000 }, async () => {
    const { rt, events, next } = aliceSocket({ reconnectDelayMs: 200 });
    const opened = next('open');
    rt.connect();
    await opened;
    const reopened = next('open');
    dropAlice();
    expect(await reopened).toMatchObject({ reconnected: true });

    const closed = next('close');
    rt.disconnect();
    await closed;
    await new Promise((r) => setTimeout(r, 1000));
    expect(events.filter((e) => e.type === 'open')).toHaveLength(2);
    expect(rt.state).toBe('idle');
    expect(connections.open(alice.token)).toHaveLength(0);
  });
});
