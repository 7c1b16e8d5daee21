// Presences across a cluster: this node's own, kept in a Tracker that reports each change for the other
// nodes, and a replica of every other node's. A change naming another node's session is sent to that node.
import type { Presences } from './bus.ts';
import { presenceField, streamKey, type Change, type ClusterLink, type ClusterMessage, type NodeMessage } from './cluster-link.ts';
import { Replica } from './replica.ts';
import { StreamMode, Tracker, type PresenceMeta, type Stream, type TrackedPresence } from './tracker.ts';

/** What the presences need of their node's bus. */
export interface PresenceNode {
  readonly node: string;
  /** Whether the session is one of this node's sockets. */
  hasSession(sessionId: string): boolean;
  toNode(node: string, m: NodeMessage): Promise<boolean>;
  publish(m: ClusterMessage): void;
}

/** This node's presences: a Tracker that reports every change (hidden presences too) for replication. */
class ReplicatedTracker extends Tracker {
  private readonly changed: (c: Change) => void;

  constructor(changed: (c: Change) => void) {
    super();
    this.changed = changed;
  }

  override track(sessionId: string, s: Stream, userId: string, meta: PresenceMeta): boolean {
    const added = super.track(sessionId, s, userId, meta);
    if (added) this.changed(['+', this.get(sessionId, s)!]);
    return added;
  }

  override update(sessionId: string, s: Stream, userId: string, meta: PresenceMeta): void {
    const had = this.get(sessionId, s) !== undefined;
    super.update(sessionId, s, userId, meta); // a new presence goes through track
    if (had) this.changed(['+', this.get(sessionId, s)!]);
  }

  override untrack(sessionId: string, s: Stream): boolean {
    const removed = super.untrack(sessionId, s);
    if (removed) this.changed(['-', sessionId, s]);
    return removed;
  }
}

/** Every node's presences as this node sees them: its own, and a replica of each other node's. */
export class ClusterPresences implements Presences {
  readonly local: ReplicatedTracker;
  /** Other nodes' presences, by node name; nothing is reported from them (their node reports). */
  readonly remote = new Map<string, Replica>();
  private readonly bus: PresenceNode;

  constructor(bus: PresenceNode, changed: (c: Change) => void) {
    this.bus = bus;
    this.local = new ReplicatedTracker(changed);
  }

  /** The other node a session lives on, as far as this node knows; undefined for this node's or unknown. */
  ownerOf(sessionId: string): string | undefined {
    if (this.bus.hasSession(sessionId)) return undefined;
    for (const [node, t] of this.remote) if (t.sessionPresences(sessionId).length) return node;
    return undefined;
  }

  /** This node's every presence, hidden ones too. */
  own(): TrackedPresence[] {
    const all: TrackedPresence[] = [];
    for (const mode of Object.values(StreamMode)) {
      for (const s of this.local.listStreams(mode)) all.push(...this.local.list(s, true));
    }
    return all;
  }

  /** Another node's presence changes; with `full`, its every presence, replacing what was known of it. */
  applyRemote(node: string, changes: Change[], full?: boolean): void {
    let t = this.remote.get(node);
    if (!t || full) this.remote.set(node, (t = new Replica()));
    for (const c of changes) {
      if (c[0] === '+') t.set(c[1]);
      else t.untrack(c[1], c[2]);
    }
  }

  track(sessionId: string, s: Stream, userId: string, meta: PresenceMeta): boolean {
    const owner = this.ownerOf(sessionId);
    if (owner === undefined) return this.local.track(sessionId, s, userId, meta);
    if (this.remote.get(owner)!.get(sessionId, s)) return false;
    this.bus.toNode(owner, { k: 't', op: 'track', sid: sessionId, s, uid: userId, m: meta });
    return true;
  }

  update(sessionId: string, s: Stream, userId: string, meta: PresenceMeta): void {
    const owner = this.ownerOf(sessionId);
    if (owner === undefined) this.local.update(sessionId, s, userId, meta);
    else this.bus.toNode(owner, { k: 't', op: 'update', sid: sessionId, s, uid: userId, m: meta });
  }

  untrack(sessionId: string, s: Stream): boolean {
    const owner = this.ownerOf(sessionId);
    if (owner === undefined) return this.local.untrack(sessionId, s);
    // Gone from this node's view at once; its node removes it and reports the leave.
    const removed = this.remote.get(owner)!.untrack(sessionId, s);
    if (removed) this.bus.toNode(owner, { k: 't', op: 'untrack', sid: sessionId, s });
    return removed;
  }

  untrackStream(s: Stream): void {
    this.local.untrackStream(s);
    this.bus.publish({ k: 'us', n: this.bus.node, s });
  }

  get(sessionId: string, s: Stream): TrackedPresence | undefined {
    const own = this.local.get(sessionId, s);
    if (own) return own;
    for (const t of this.remote.values()) {
      const p = t.get(sessionId, s);
      if (p) return p;
    }
    return undefined;
  }

  list(s: Stream, includeHidden = false): TrackedPresence[] {
    const out = this.local.list(s, includeHidden);
    for (const t of this.remote.values()) for (const p of t.list(s, includeHidden)) out.push(p);
    return out;
  }

  count(s: Stream): number {
    let n = this.local.count(s);
    for (const t of this.remote.values()) n += t.count(s);
    return n;
  }

  sessionPresences(sessionId: string, mode?: number): TrackedPresence[] {
    const own = this.local.sessionPresences(sessionId, mode);
    if (own.length || this.bus.hasSession(sessionId)) return own;
    for (const t of this.remote.values()) {
      const theirs = t.sessionPresences(sessionId, mode);
      if (theirs.length) return theirs;
    }
    return [];
  }

  ownCount(): number {
    return this.local.ownCount();
  }

  listStreams(mode: number): Stream[] {
    const byKey = new Map<string, Stream>();
    for (const s of this.local.listStreams(mode)) byKey.set(streamKey(s), s);
    for (const t of this.remote.values()) for (const s of t.listStreams(mode)) byKey.set(streamKey(s), s);
    return [...byKey.values()];
  }

  exists(s: Stream): boolean {
    if (this.local.exists(s)) return true;
    for (const t of this.remote.values()) if (t.exists(s)) return true;
    return false;
  }
}

/** A gone node's visible presences, by stream: the leaves to report. */
export function leavesOf(t: Replica): Array<{ s: Stream; leaves: TrackedPresence[] }> {
  const byStream = new Map<string, { s: Stream; leaves: TrackedPresence[] }>();
  const seen = new Set<string>();
  for (const mode of Object.values(StreamMode)) {
    for (const s of t.listStreams(mode)) {
      const k = streamKey(s);
      if (seen.has(k)) continue;
      seen.add(k);
      const leaves = t.list(s);
      if (leaves.length) byStream.set(k, { s, leaves });
    }
  }
  return [...byStream.values()];
}

/**
 * This node's presence changes, written to its hash in Redis and published together once per turn of the
 * event loop: a burst of sockets connecting in one turn is one transaction, not one each. Any other message
 * the link sends takes the changes waiting out first, so the other nodes see them in the order they happened.
 */
export class PresenceOutbox {
  private readonly link: ClusterLink;
  private changes: Change[] = [];

  constructor(link: ClusterLink) {
    this.link = link;
    link.beforeSend = () => this.flush();
  }

  push(c: Change): void {
    if (this.changes.length === 0) setImmediate(() => this.flush());
    this.changes.push(c);
  }

  /** Writes this turn's presence changes to this node's hash and publishes them, in one transaction. */
  flush(): void {
    const changes = this.changes;
    if (!changes.length || this.link.closed) return;
    this.changes = [];
    const hash = this.link.key('presences', this.link.node);
    const tx = this.link.cmd.multi();
    const set: string[] = [];
    const del: string[] = [];
    for (const c of changes) {
      if (c[0] === '+') set.push(presenceField(c[1].sessionId, c[1].stream), JSON.stringify(c[1]));
      else del.push(presenceField(c[1], c[2]));
    }
    // In order: a field removed then added again in one turn ends added.
    if (del.length) tx.hdel(hash, ...del);
    if (set.length) tx.hset(hash, ...set);
    tx.publish(this.link.clusterChannel, JSON.stringify({ k: 'p', n: this.link.node, c: changes } satisfies ClusterMessage));
    tx.exec().catch((err: Error) => this.link.logger?.warn('cluster presence update failed', { err: err.message }));
  }
}
