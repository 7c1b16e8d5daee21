// Presences on streams: who is connected, following whom, in which channel, match or party.
// Events are queued and delivered after the current turn, so a reply always precedes its presence event.

export interface Stream {
  mode: number;
  subject: string;
  subcontext: string;
  label: string;
}

export const StreamMode = {
  Notifications: 0,
  Status: 1,
  Channel: 2,
  Group: 3,
  Dm: 4,
  MatchRelayed: 5,
  MatchAuthoritative: 6,
  Party: 7,
} as const;

export interface PresenceMeta {
  username: string;
  hidden?: boolean;
  persistence?: boolean;
  status?: string;
}

export interface TrackedPresence extends PresenceMeta {
  userId: string;
  sessionId: string;
  stream: Stream;
}

export type PresenceListener = (stream: Stream, joins: TrackedPresence[], leaves: TrackedPresence[]) => void;

function streamKey(s: Stream): string {
  return `${s.mode}.${s.subject}.${s.subcontext}.${s.label}`;
}

export function stream(mode: number, subject = '', subcontext = '', label = ''): Stream {
  return { mode, subject, subcontext, label };
}

interface Pending {
  stream: Stream;
  joins: TrackedPresence[];
  leaves: TrackedPresence[];
}

export class Tracker {
  private readonly streams = new Map<string, Map<string, TrackedPresence>>();
  /** Streams with presences, by mode: listing relayed matches reads one mode, not every stream. */
  private readonly byMode = new Map<number, Map<string, Stream>>();
  private readonly bySession = new Map<string, Map<string, TrackedPresence>>();
  private readonly listeners: PresenceListener[] = [];
  private pending: Pending[] = [];
  private flushScheduled = false;

  onEvent(listener: PresenceListener): void {
    this.listeners.push(listener);
  }

  /** Adds a presence; false when the session is already on the stream. */
  track(sessionId: string, s: Stream, userId: string, meta: PresenceMeta): boolean {
    const key = streamKey(s);
    let members = this.streams.get(key);
    if (members?.has(sessionId)) return false;
    if (!members) {
      members = new Map();
      this.streams.set(key, members);
      let ofMode = this.byMode.get(s.mode);
      if (!ofMode) this.byMode.set(s.mode, (ofMode = new Map()));
      ofMode.set(key, s);
    }
    const p: TrackedPresence = { ...meta, userId, sessionId, stream: s };
    members.set(sessionId, p);
    let mine = this.bySession.get(sessionId);
    if (!mine) {
      mine = new Map();
      this.bySession.set(sessionId, mine);
    }
    mine.set(key, p);
    if (!p.hidden) this.queue(s, [p], []);
    return true;
  }

  /** Replaces a presence's metadata (a status change): a leave of the old and a join of the new. */
  update(sessionId: string, s: Stream, userId: string, meta: PresenceMeta): void {
    const key = streamKey(s);
    const old = this.streams.get(key)?.get(sessionId);
    if (!old) {
      this.track(sessionId, s, userId, meta);
      return;
    }
    const p: TrackedPresence = { ...meta, userId, sessionId, stream: s };
    this.streams.get(key)!.set(sessionId, p);
    this.bySession.get(sessionId)!.set(key, p);
    const joins = p.hidden ? [] : [p];
    const leaves = old.hidden ? [] : [old];
    if (joins.length || leaves.length) this.queue(s, joins, leaves);
  }

  untrack(sessionId: string, s: Stream): boolean {
    const key = streamKey(s);
    const members = this.streams.get(key);
    const p = members?.get(sessionId);
    if (!p) return false;
    members!.delete(sessionId);
    if (members!.size === 0) {
      this.streams.delete(key);
      const ofMode = this.byMode.get(s.mode)!;
      ofMode.delete(key);
      if (ofMode.size === 0) this.byMode.delete(s.mode);
    }
    const mine = this.bySession.get(sessionId);
    mine?.delete(key);
    if (mine && mine.size === 0) this.bySession.delete(sessionId);
    if (!p.hidden) this.queue(s, [], [p]);
    return true;
  }

  /** Removes every presence of a session (a socket closed). */
  untrackAll(sessionId: string): void {
    const mine = this.bySession.get(sessionId);
    if (!mine) return;
    for (const p of [...mine.values()]) this.untrack(sessionId, p.stream);
  }

  /** Removes every presence on a stream (a channel or match closing). */
  untrackStream(s: Stream): void {
    const members = this.streams.get(streamKey(s));
    if (!members) return;
    for (const sessionId of [...members.keys()]) this.untrack(sessionId, s);
  }

  get(sessionId: string, s: Stream): TrackedPresence | undefined {
    return this.streams.get(streamKey(s))?.get(sessionId);
  }

  list(s: Stream, includeHidden = false): TrackedPresence[] {
    const members = this.streams.get(streamKey(s));
    if (!members) return [];
    const out: TrackedPresence[] = [];
    for (const p of members.values()) if (includeHidden || !p.hidden) out.push(p);
    return out;
  }

  /** Session ids on a stream, hidden presences included: the recipients of anything sent to it. */
  sessionIds(s: Stream): IterableIterator<string> | [] {
    return this.streams.get(streamKey(s))?.keys() ?? [];
  }

  count(s: Stream): number {
    return this.streams.get(streamKey(s))?.size ?? 0;
  }

  /** Every presence on every stream, hidden ones included. */
  ownCount(): number {
    let n = 0;
    for (const members of this.streams.values()) n += members.size;
    return n;
  }

  exists(s: Stream): boolean {
    return this.streams.has(streamKey(s));
  }

  /** Presences of one session, optionally of one stream mode. */
  sessionPresences(sessionId: string, mode?: number): TrackedPresence[] {
    const mine = this.bySession.get(sessionId);
    if (!mine) return [];
    const out: TrackedPresence[] = [];
    for (const p of mine.values()) if (mode === undefined || p.stream.mode === mode) out.push(p);
    return out;
  }

  listStreams(mode: number): Stream[] {
    const ofMode = this.byMode.get(mode);
    return ofMode ? [...ofMode.values()] : [];
  }

  private queue(s: Stream, joins: TrackedPresence[], leaves: TrackedPresence[]): void {
    this.pending.push({ stream: s, joins, leaves });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = [];
    for (const e of batch) {
      for (const l of this.listeners) l(e.stream, e.joins, e.leaves);
    }
  }
}
