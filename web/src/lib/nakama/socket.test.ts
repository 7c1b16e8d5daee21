// The socket client's own rules, with a fake client socket and fake timers; realtime.server.test.ts (in
// shared/api) runs it against the real server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, Socket } from '@heroiclabs/nakama-js';
import type { SessionSnapshot } from './session.ts';
import { followSession, HEARTBEAT_MS, RealtimeSocket, RECONNECT_DELAY_MS, RESTART_CLOSE_CODE, RESTART_JITTER_MS, type RealtimeEvent } from './socket.ts';

class FakeSocket {
  connectedWith?: Session;
  heartbeatMs?: number;
  closed = false;
  joins: string[] = [];
  follows: string[][] = [];
  ondisconnect: (e: unknown) => void = () => {};
  onheartbeattimeout: () => void = () => {};
  onerror: (e: unknown) => void = () => {};
  onnotification: (n: unknown) => void = () => {};
  onchannelmessage: (m: unknown) => void = () => {};
  onstatuspresence: (e: unknown) => void = () => {};
  constructor(private readonly fail: boolean) {}
  setHeartbeatTimeoutMs(ms: number) {
    this.heartbeatMs = ms;
  }
  async connect(session: Session) {
    if (this.fail) throw new Error('refused');
    this.connectedWith = session;
    return session;
  }
  disconnect() {
    this.closed = true;
  }
  async joinChat(target: string) {
    this.joins.push(target);
    return { id: `room.${target}`, presences: [], self: {} };
  }
  async followUsers(ids: string[]) {
    this.follows.push(ids);
    return { presences: ids.map((id) => ({ user_id: id, session_id: `s-${id}`, username: id, node: 'n' })) };
  }
}

const session = (token: string) => ({ token, user_id: 'u1', expires_at: Date.now() / 1000 + 3600 }) as Session;

function setup(opts: { failFirst?: number; fails?: (index: number) => boolean } = {}) {
  const sockets: FakeSocket[] = [];
  let token = 'token-1';
  let failures = opts.failFirst ?? 0;
  const rt = new RealtimeSocket({
    createSocket: () => {
      const s = new FakeSocket(opts.fails ? opts.fails(sockets.length) : failures-- > 0);
      sockets.push(s);
      return s as unknown as Socket;
    },
    session: async () => session(token),
  });
  const events: RealtimeEvent[] = [];
  rt.subscribe((e) => events.push(e));
  return { rt, sockets, events, last: () => sockets[sockets.length - 1], setToken: (t: string) => (token = t) };
}

/** Runs pending promises without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeSocket', () => {
  it('connects with the current session, the 10 s heartbeat and the user appearing online', async () => {
    const t = setup();
    t.rt.connect();
    await settle();
    expect(t.last().connectedWith?.token).toBe('token-1');
    expect(t.last().heartbeatMs).toBe(HEARTBEAT_MS);
    expect(HEARTBEAT_MS).toBe(10_000);
    expect(t.rt.state).toBe('open');
    expect(t.events).toEqual([{ type: 'open', reconnected: false }]);
  });

  it('reconnects 3 s after a failed heartbeat, with the token of the latest refresh, and resubscribes', async () => {
    const t = setup();
    t.rt.connect();
    await settle();
    await t.rt.joinChat('lobby', 1);
    await t.rt.followUsers(['u2']);
    t.setToken('token-2');

    t.last().onheartbeattimeout();
    expect(t.rt.state).toBe('waiting');
    expect(t.sockets[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
    expect(t.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(2);
    expect(t.last().connectedWith?.token).toBe('token-2');
    expect(t.last().joins).toEqual(['lobby']);
    expect(t.last().follows).toEqual([['u2']]);
    expect(t.events.map((e) => e.type)).toEqual(['open', 'status', 'close', 'status', 'open']);
    expect(t.events.at(-1)).toEqual({ type: 'open', reconnected: true });
    // The old socket's late close event changes nothing.
    t.sockets[0].ondisconnect({});
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(t.sockets).toHaveLength(2);
  });

  it('comes back within the short jitter when the server closes with 1012 (restarting), without clearing what it showed', async () => {
    const t = setup();
    t.rt.connect();
    await settle();
    await t.rt.joinChat('lobby', 1);
    await t.rt.followUsers(['u2']);

    t.last().ondisconnect({ code: RESTART_CLOSE_CODE, reason: 'Server restarting, reconnect' });
    expect(t.rt.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(RESTART_JITTER_MS);
    expect(t.sockets).toHaveLength(2);
    expect(t.rt.state).toBe('open');
    expect(t.last().joins).toEqual(['lobby']);
    expect(t.last().follows).toEqual([['u2']]);
    expect(t.events.map((e) => e.type)).toEqual(['open', 'status', 'close', 'status', 'open']);
    expect(t.events[2]).toEqual({ type: 'close', restarting: true });
    expect(t.events.at(-1)).toEqual({ type: 'open', reconnected: true });
  });

  it('spreads the restart reconnects over the jitter, and waits the usual 3 s when that attempt fails', async () => {
    expect(RESTART_JITTER_MS).toBeLessThan(RECONNECT_DELAY_MS);
    // The latest a random wait can fall.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const t = setup({ fails: (i) => i === 1 });
    t.rt.connect();
    await settle();
    t.last().ondisconnect({ code: RESTART_CLOSE_CODE });
    await vi.advanceTimersByTimeAsync(RESTART_JITTER_MS * 0.99);
    expect(t.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RESTART_JITTER_MS * 0.01);
    expect(t.sockets).toHaveLength(2);
    expect(t.rt.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 10);
    expect(t.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(t.sockets).toHaveLength(3);
    expect(t.rt.state).toBe('open');
    vi.restoreAllMocks();
  });

  it('treats any other close as a lost connection: back after 3 s', async () => {
    const t = setup();
    t.rt.connect();
    await settle();
    t.last().ondisconnect({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
    expect(t.sockets).toHaveLength(1);
    expect(t.events.at(-1)).toEqual({ type: 'close' });
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(2);
  });

  it('keeps trying every 3 s while the server refuses', async () => {
    const t = setup({ failFirst: 2 });
    t.rt.connect();
    await settle();
    expect(t.rt.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(t.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(t.sockets).toHaveLength(3);
    expect(t.rt.state).toBe('open');
    expect(t.events).toEqual([{ type: 'open', reconnected: false }]);
  });

  it('does not reconnect after disconnect(), even with a reconnect pending, and forgets its subscriptions', async () => {
    const t = setup();
    t.rt.connect();
    await settle();
    await t.rt.joinChat('lobby', 1);
    t.last().ondisconnect({});
    t.rt.disconnect();
    await vi.advanceTimersByTimeAsync(10 * RECONNECT_DELAY_MS);
    expect(t.sockets).toHaveLength(1);
    expect(t.rt.state).toBe('idle');

    t.rt.connect();
    await settle();
    expect(t.last().joins).toEqual([]);
    expect(t.events.at(-1)).toEqual({ type: 'open', reconnected: false });
  });

  it('passes the socket\'s events on', async () => {
    const t = setup();
    t.rt.connect();
    await settle();
    t.last().onnotification({ id: 'n1' });
    t.last().onchannelmessage({ message_id: 'm1' });
    t.last().onstatuspresence({ joins: [{ user_id: 'u2' }] });
    expect(t.events.slice(1)).toEqual([
      { type: 'notification', notification: { id: 'n1' } },
      { type: 'channel_message', message: { message_id: 'm1' } },
      { type: 'status_presence', joins: [{ user_id: 'u2' }], leaves: [] },
    ]);
  });
});

describe('followSession', () => {
  function manager(snapshot: SessionSnapshot) {
    const listeners = new Set<() => void>();
    return {
      snapshot,
      subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
      getSnapshot: () => snapshot,
      set(next: SessionSnapshot) {
        snapshot = next;
        for (const l of listeners) l();
      },
    };
  }
  const signedIn = (token: string, user_id = 'u1'): SessionSnapshot => ({ status: 'ready', guest: false, session: { ...session(token), user_id } as Session });

  it('connects signed-in users only: not guests, not while loading', async () => {
    const t = setup();
    const m = manager({ status: 'loading', guest: true });
    followSession(t.rt, m);
    m.set({ status: 'ready', guest: true, session: session('guest') });
    await settle();
    expect(t.sockets).toHaveLength(0);
    m.set(signedIn('token-1'));
    await settle();
    expect(t.rt.state).toBe('open');
  });

  it('opens a new connection when the token is refreshed, and closes it on sign-out', async () => {
    const t = setup();
    const m = manager(signedIn('token-1'));
    followSession(t.rt, m);
    await settle();
    t.setToken('token-2');
    m.set(signedIn('token-2'));
    await settle();
    expect(t.sockets).toHaveLength(2);
    expect(t.sockets[0].closed).toBe(true);
    expect(t.last().connectedWith?.token).toBe('token-2');
    expect(t.events.at(-1)).toEqual({ type: 'open', reconnected: true });

    m.set({ status: 'ready', guest: true, session: session('guest') });
    expect(t.rt.state).toBe('idle');
    expect(t.last().closed).toBe(true);
  });
});
