// Another node's presences as a cluster node keeps them (redis-bus.ts): what its reads need, small.
//
// Every socket has a hidden presence on its user's notification stream and, when it shows its status, a
// presence on its user's status stream, so a cluster holds one or two per socket of every node. A
// Tracker spends about 900 bytes on each (a map per stream and per session); the replica keeps a
// socket's as one string, its status as another, and its user's sessions in one entry, so a node's
// memory per socket stays near what it is on a single node. Every other presence (channels, follows,
// matches, parties) is kept in a Tracker, as the node itself keeps it.
import { stream, StreamMode, Tracker, type PresenceMeta, type Stream, type TrackedPresence } from './tracker.ts';

/** A stream of one user's own: subject the user id, no subcontext or label. */
function isOwn(s: Stream, mode: number, userId?: string): boolean {
  return s.mode === mode && s.subcontext === '' && s.label === '' && (userId === undefined || s.subject === userId);
}

export class Replica {
  private readonly tracker = new Tracker();
  /** Socket presences (hidden, on the user's notification stream): session id -> user id, a space, username. */
  private readonly sockets = new Map<string, string>();
  /** Statuses of sockets visible on their user's status stream (with their socket's username): session id -> status. */
  private readonly statuses = new Map<string, string>();
  /** The sessions of each user with a socket presence: one id, or several. */
  private readonly users = new Map<string, string | string[]>();

  /** Adds or replaces a presence. */
  set(p: TrackedPresence): void {
    const { userId, sessionId, stream: s, ...meta } = p;
    const plain = meta.persistence === undefined && !this.tracker.get(sessionId, s);
    if (plain && isOwn(s, StreamMode.Notifications, userId) && meta.hidden === true && meta.status === undefined) {
      const record = `${userId} ${meta.username}`;
      const held = this.sockets.get(sessionId);
      if (held !== record) {
        this.removeStatus(sessionId); // a compact status has its socket's username and user
        if (held !== undefined && !held.startsWith(`${userId} `)) this.remove(sessionId, stream(StreamMode.Notifications, held.slice(0, held.indexOf(' '))));
        if (!this.sockets.has(sessionId)) this.addSession(userId, sessionId);
        this.sockets.set(sessionId, record);
      }
      return;
    }
    if (plain && isOwn(s, StreamMode.Status, userId) && meta.hidden === undefined && typeof meta.status === 'string'
      && this.sockets.get(sessionId) === `${userId} ${meta.username}`) {
      this.statuses.set(sessionId, meta.status);
      return;
    }
    this.remove(sessionId, s);
    this.tracker.update(sessionId, s, userId, meta);
  }

  untrack(sessionId: string, s: Stream): boolean {
    return this.remove(sessionId, s) || this.tracker.untrack(sessionId, s);
  }

  untrackStream(s: Stream): void {
    if (isOwn(s, StreamMode.Notifications) || isOwn(s, StreamMode.Status)) {
      for (const sid of this.sessionsOf(s.subject)) this.remove(sid, s);
    }
    this.tracker.untrackStream(s);
  }

  get(sessionId: string, s: Stream): TrackedPresence | undefined {
    return this.compact(sessionId, s) ?? this.tracker.get(sessionId, s);
  }

  list(s: Stream, includeHidden = false): TrackedPresence[] {
    const out = this.tracker.list(s, includeHidden);
    if (includeHidden || isOwn(s, StreamMode.Status)) {
      for (const sid of this.sessionsOf(s.subject)) {
        const p = this.compact(sid, s);
        if (p) out.push(p);
      }
    }
    return out;
  }

  count(s: Stream): number {
    let n = this.tracker.count(s);
    for (const sid of this.sessionsOf(s.subject)) if (this.has(sid, s)) n++;
    return n;
  }

  exists(s: Stream): boolean {
    for (const sid of this.sessionsOf(s.subject)) if (this.has(sid, s)) return true;
    return this.tracker.exists(s);
  }

  sessionPresences(sessionId: string, mode?: number): TrackedPresence[] {
    const out = this.tracker.sessionPresences(sessionId, mode);
    const held = this.sockets.get(sessionId);
    if (held === undefined) return out;
    const userId = held.slice(0, held.indexOf(' '));
    for (const m of [StreamMode.Notifications, StreamMode.Status]) {
      if (mode !== undefined && mode !== m) continue;
      const p = this.compact(sessionId, stream(m, userId));
      if (p) out.push(p);
    }
    return out;
  }

  listStreams(mode: number): Stream[] {
    const out = this.tracker.listStreams(mode);
    if (mode !== StreamMode.Notifications && mode !== StreamMode.Status) return out;
    const known = new Set(out.filter((s) => isOwn(s, mode)).map((s) => s.subject));
    for (const userId of this.users.keys()) {
      if (known.has(userId)) continue;
      const s = stream(mode, userId);
      if (this.sessionsOf(userId).some((sid) => this.has(sid, s))) out.push(s);
    }
    return out;
  }

  /** Sessions with a socket presence of the user. */
  private sessionsOf(userId: string): readonly string[] {
    const held = this.users.get(userId);
    return held === undefined ? [] : typeof held === 'string' ? [held] : held;
  }

  private has(sessionId: string, s: Stream): boolean {
    const held = this.sockets.get(sessionId);
    if (held === undefined || !held.startsWith(s.subject) || held.charCodeAt(s.subject.length) !== 32) return false;
    if (isOwn(s, StreamMode.Notifications)) return true;
    return isOwn(s, StreamMode.Status) && this.statuses.has(sessionId);
  }

  /** The compactly kept presence of the session on the stream, if any. */
  private compact(sessionId: string, s: Stream): TrackedPresence | undefined {
    if (!this.has(sessionId, s)) return undefined;
    const held = this.sockets.get(sessionId)!;
    const space = held.indexOf(' ');
    const meta: PresenceMeta = s.mode === StreamMode.Status
      ? { username: held.slice(space + 1), status: this.statuses.get(sessionId)! }
      : { username: held.slice(space + 1), hidden: true };
    return { ...meta, userId: held.slice(0, space), sessionId, stream: s };
  }

  /** Removes the compactly kept presence of the session on the stream; false when there is none. */
  private remove(sessionId: string, s: Stream): boolean {
    if (!this.has(sessionId, s)) return false;
    if (s.mode === StreamMode.Status) return this.statuses.delete(sessionId);
    this.removeStatus(sessionId);
    this.sockets.delete(sessionId);
    const held = this.users.get(s.subject);
    if (typeof held === 'string' || held === undefined) this.users.delete(s.subject);
    else {
      held.splice(held.indexOf(sessionId), 1);
      if (held.length === 1) this.users.set(s.subject, held[0]);
    }
    return true;
  }

  /** The session's status presence, out of the compact form (into the tracker) when it has one. */
  private removeStatus(sessionId: string): void {
    const held = this.sockets.get(sessionId);
    if (held === undefined || !this.statuses.has(sessionId)) return;
    const p = this.compact(sessionId, stream(StreamMode.Status, held.slice(0, held.indexOf(' '))))!;
    this.statuses.delete(sessionId);
    const { userId, sessionId: sid, stream: s, ...meta } = p;
    this.tracker.update(sid, s, userId, meta);
  }

  private addSession(userId: string, sessionId: string): void {
    const held = this.users.get(userId);
    if (held === undefined) this.users.set(userId, sessionId);
    else if (typeof held === 'string') this.users.set(userId, [held, sessionId]);
    else held.push(sessionId);
  }
}
