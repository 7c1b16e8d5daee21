// The realtime socket of a signed-in user: connects with the current session, keeps a heartbeat, comes
// back 3 s after a connection is lost (with a fresh token, re-joining its channels and status follows),
// at once (after a short jitter) when a stopping server asks it to with close code 1012, and fans its
// events out to listeners. The query cache is one (shared/api/realtime.ts); nothing else
// keeps socket state. The client comes in as options (realtime.ts builds the page's), so tests run this
// in Node against the real server.
import type { Channel, ChannelMessage, Notification, Presence, Session, Socket } from '@heroiclabs/nakama-js';
import { call } from './errors.ts';
import { signedInSession } from './session-timing.ts';
import type { SessionSnapshot } from './session.ts';

/**
 * The client's ping interval; a ping unanswered for as long closes the socket.
 * @internal
 */
export const HEARTBEAT_MS = 10_000;
/**
 * The wait before reconnecting after the connection is lost (not after disconnect()).
 * @internal
 */
export const RECONNECT_DELAY_MS = 3_000;
/**
 * The close code of a server node that is stopping (a restart or a deploy): the load balancer sends the
 * new connection to another node, so the client comes back at once, without showing the user anything.
 * @internal
 */
export const RESTART_CLOSE_CODE = 1012;
/**
 * The longest wait before reconnecting after RESTART_CLOSE_CODE: a random share of it, so the sockets of a stopping node do not all arrive in the same instant.
 * @internal
 */
export const RESTART_JITTER_MS = 500;

/** A presence as status events carry it: the session's status text ('' when simply online). */
export interface UserPresence extends Presence {
  status?: string;
}

export type RealtimeEvent =
  /** Connected; `reconnected` after a lost connection or a new token, once channels and follows are back. */
  | { type: 'open'; reconnected: boolean }
  /**
   * The connection is gone (lost, or disconnect()). `restarting`: the server node is stopping and the
   * socket reconnects at once; what it showed stays as it is until the new connection answers.
   */
  | { type: 'close'; restarting?: boolean }
  | { type: 'notification'; notification: Notification }
  | { type: 'channel_message'; message: ChannelMessage }
  /** Who of `userIds` is online now: the answer to a follow (none when unfollowed). */
  | { type: 'status'; userIds: string[]; presences: UserPresence[] }
  /** Followed users' sessions coming online and going offline. */
  | { type: 'status_presence'; joins: UserPresence[]; leaves: UserPresence[] };

export type RealtimeState = 'idle' | 'connecting' | 'open' | 'waiting';

export interface RealtimeOptions {
  /** A new, unconnected socket (client.createSocket). */
  createSocket(): Socket;
  /** A live session; asked for every connection, so a reconnect uses the token of the latest refresh. */
  session(): Promise<Session>;
  heartbeatMs?: number;
  reconnectDelayMs?: number;
  /** The wait after RESTART_CLOSE_CODE; default a random time up to RESTART_JITTER_MS. */
  restartDelayMs?: () => number;
  /** Whether the user appears online to those who follow them (default true). */
  appearOnline?: boolean;
}

interface ChatJoin {
  target: string;
  type: number;
  persistence: boolean;
  hidden: boolean;
}

const ignore = () => {};

/** Detaches a socket that is no longer ours: its late events must not count. */
function silence(socket: Socket): void {
  socket.ondisconnect = ignore;
  socket.onheartbeattimeout = ignore;
  socket.onerror = ignore;
  socket.onnotification = ignore;
  socket.onchannelmessage = ignore;
  socket.onstatuspresence = ignore;
  socket.disconnect(false);
}

export class RealtimeSocket {
  private readonly options: RealtimeOptions;
  private readonly listeners = new Set<(e: RealtimeEvent) => void>();
  /** Channels joined and users followed: joined and followed again on every new connection. */
  private readonly channels = new Map<string, ChatJoin>();
  private readonly follows = new Set<string>();
  /** The connection being opened or open; undefined while idle or waiting to reconnect. */
  private socket?: Socket;
  private timer?: ReturnType<typeof setTimeout>;
  /** Between connect() and disconnect(): a lost connection is reopened. */
  private wanted = false;
  private everOpened = false;
  private current: RealtimeState = 'idle';

  constructor(options: RealtimeOptions) {
    this.options = options;
  }

  get state(): RealtimeState {
    return this.current;
  }

  subscribe(listener: (e: RealtimeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Connects and stays connected until disconnect(); a call while already so does nothing. */
  connect(): void {
    if (this.wanted) return;
    this.wanted = true;
    void this.open();
  }

  /** Closes the connection for good: no reconnect, and channels and follows are forgotten. */
  disconnect(): void {
    this.wanted = false;
    this.everOpened = false;
    this.channels.clear();
    this.follows.clear();
    this.drop('idle');
  }

  /** A new connection at once, with a fresh session (its token was refreshed); subscriptions are kept. */
  reconnect(): void {
    if (!this.wanted) return;
    this.drop('connecting');
    void this.open();
  }

  async joinChat(target: string, type: number, persistence = true, hidden = false): Promise<Channel> {
    const channel = await call(this.openSocket().joinChat(target, type, persistence, hidden));
    this.channels.set(channel.id, { target, type, persistence, hidden });
    return channel;
  }

  async leaveChat(channelId: string): Promise<void> {
    this.channels.delete(channelId);
    if (this.current === 'open') await call(this.openSocket().leaveChat(channelId));
  }

  /** Follows users' online status; answers who of them is online now (also sent as a 'status' event). */
  async followUsers(userIds: string[]): Promise<UserPresence[]> {
    const status = await call(this.openSocket().followUsers(userIds));
    for (const id of userIds) this.follows.add(id);
    const presences = (status.presences ?? []) as UserPresence[];
    this.emit({ type: 'status', userIds, presences });
    return presences;
  }

  async unfollowUsers(userIds: string[]): Promise<void> {
    for (const id of userIds) this.follows.delete(id);
    this.emit({ type: 'status', userIds, presences: [] });
    if (this.current === 'open') await call(this.openSocket().unfollowUsers(userIds));
  }

  private openSocket(): Socket {
    if (this.current !== 'open' || !this.socket) throw new Error('Socket connection has not been established yet.');
    return this.socket;
  }

  private emit(e: RealtimeEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        console.error('Realtime listener failed', err);
      }
    }
  }

  /** Lets go of the current connection, if any, without scheduling a reconnect. */
  private drop(next: RealtimeState, restarting = false): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    const wasOpen = this.current === 'open';
    this.socket = undefined;
    this.current = next;
    if (socket) silence(socket);
    if (wasOpen) this.emit(restarting ? { type: 'close', restarting } : { type: 'close' });
  }

  private async open(): Promise<void> {
    const socket = this.options.createSocket();
    this.socket = socket;
    this.current = 'connecting';
    socket.setHeartbeatTimeoutMs(this.options.heartbeatMs ?? HEARTBEAT_MS);
    // The client closes the socket itself after a failed ping; the close event may come much later.
    socket.onheartbeattimeout = () => this.lost(socket);
    socket.ondisconnect = (e: unknown) => this.lost(socket, (e as { code?: unknown } | undefined)?.code === RESTART_CLOSE_CODE);
    socket.onerror = ignore;
    socket.onnotification = (notification) => this.emit({ type: 'notification', notification });
    socket.onchannelmessage = (message) => this.emit({ type: 'channel_message', message });
    socket.onstatuspresence = (e) => this.emit({ type: 'status_presence', joins: e.joins ?? [], leaves: e.leaves ?? [] });
    try {
      const session = await this.options.session();
      if (this.socket !== socket) return;
      await socket.connect(session, this.options.appearOnline ?? true);
    } catch {
      this.lost(socket);
      return;
    }
    if (this.socket !== socket) {
      silence(socket);
      return;
    }
    this.current = 'open';
    const reconnected = this.everOpened;
    this.everOpened = true;
    await this.resubscribe(socket);
    if (this.socket === socket) this.emit({ type: 'open', reconnected });
  }

  /**
   * The connection is gone without disconnect(): try again after the delay, or almost at once when the
   * server said it is restarting (a failed attempt then waits the usual delay).
   */
  private lost(socket: Socket, restarting = false): void {
    if (this.socket !== socket) return;
    this.drop('waiting', restarting);
    const delay = restarting
      ? (this.options.restartDelayMs?.() ?? Math.random() * RESTART_JITTER_MS)
      : (this.options.reconnectDelayMs ?? RECONNECT_DELAY_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.open();
    }, delay);
  }

  /** Joins the channels and follows the users of the previous connections. */
  private async resubscribe(socket: Socket): Promise<void> {
    for (const [id, join] of [...this.channels]) {
      try {
        const channel = await socket.joinChat(join.target, join.type, join.persistence, join.hidden);
        if (channel.id !== id) {
          this.channels.delete(id);
          this.channels.set(channel.id, join);
        }
      } catch {
        if (this.socket !== socket) return;
        // Refused now (the channel is gone or closed to the user): not joined again.
        this.channels.delete(id);
      }
    }
    if (!this.follows.size || this.socket !== socket) return;
    const userIds = [...this.follows];
    try {
      const status = await socket.followUsers(userIds);
      this.emit({ type: 'status', userIds, presences: (status.presences ?? []) as UserPresence[] });
    } catch {
      // Lost again: the next connection follows them.
    }
  }
}

/**
 * Keeps the socket on the session: connected while a signed-in, non-guest user's session lasts (guests
 * have no socket), on a new
 * connection when its token is refreshed, closed on sign-out. Returns the function that stops following.
 */
export function followSession(realtime: RealtimeSocket, manager: { subscribe(l: () => void): () => void; getSnapshot(): SessionSnapshot }): () => void {
  let userId: string | undefined;
  let token: string | undefined;
  const sync = () => {
    const s = signedInSession(manager.getSnapshot());
    if (!s || (userId !== undefined && s.user_id !== userId)) {
      if (userId !== undefined) realtime.disconnect();
      userId = token = undefined;
    }
    if (!s) return;
    if (userId === undefined) {
      userId = s.user_id;
      token = s.token;
      realtime.connect();
    } else if (s.token !== token) {
      token = s.token;
      realtime.reconnect();
    }
  };
  sync();
  return manager.subscribe(sync);
}
