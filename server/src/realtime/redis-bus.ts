// The cluster bus: the nodes of one cluster share their realtime work through Redis (REDIS_URL).
//
// - Each node announces itself with a heartbeat key that expires (HEARTBEAT_TTL_MS) and its name in the
//   set of nodes; a node does not start under a name whose heartbeat another live node keeps. Every node
//   checks the others each beat; the first to see a lapsed heartbeat (a lock in Redis) reports the leaves
//   of the dead node's visible presences, once, and removes what it left.
// - Presences: each node keeps its own in a Tracker (events are reported there, once) and a Replica of
//   every other node's (compact: see replica.ts), so reads stay synchronous. A node's presences are also
//   kept in a Redis hash, which a starting node loads; their changes are published, batched per turn, on
//   the cluster's channel.
// - Delivery: a node delivers to its own sockets at once and publishes the envelope once on the cluster's
//   channel; each other node serialises it once per wire format for its sockets (Router).
// - Revocations go through the cluster's channel to every node, this one included, in one order. A node
//   cut off from Redis catches up when it is back: it sends those it could not, and reads those it missed
//   from the database (Sessions).
// - Changes naming another node's session and service calls go to that node's own channel; answers come
//   back on the caller's.
// - Limit counters live in Redis too (redis-limits.ts), shared by every node.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Msg } from '../encode.ts';
import { AppError, Code, notFound } from '../errors.ts';
import type { Logger } from '../log.ts';
import {
  closeRevoked,
  type Bus, type ClientSession, type Presences, type Revocation, type Serializers, type ServiceHandler,
} from './bus.ts';
import { RedisLimitStore } from './redis-limits.ts';
import { Replica } from './replica.ts';
import { Router } from './router.ts';
import { stream, StreamMode, Tracker, type PresenceListener, type PresenceMeta, type Stream, type TrackedPresence } from './tracker.ts';

export interface RedisBusOptions {
  /** redis:// or rediss:// URL; its database number, if any, is the cluster's. */
  url: string;
  serializers: Serializers;
  node: string;
  /** Prefix of every key and channel: several clusters (or test runs) can share one Redis. */
  prefix?: string;
  logger?: Logger;
  /** How often a node beats and checks the others. */
  heartbeatMs?: number;
  /** How long a heartbeat lasts: a node silent this long is gone. */
  heartbeatTtlMs?: number;
  /** How long a service call waits for its answer. */
  callTimeoutMs?: number;
}

const HEARTBEAT_MS = 1000;
const HEARTBEAT_TTL_MS = 4000;
const CALL_TIMEOUT_MS = 10_000;

/** A change of a node's presences: a presence added or replaced, or removed. */
type Change = ['+', TrackedPresence] | ['-', string, Stream];

/** Messages on the cluster's channel, from node `n`. */
type ClusterMessage =
  /** Presence changes; with `full`, the node's every presence, replacing what was known of it. */
  | { k: 'p'; n: string; c: Change[]; full?: boolean }
  | { k: 's'; n: string; s: Stream; e: Msg; x?: string }
  | { k: 'u'; n: string; u: string; e: Msg }
  | { k: 'i'; n: string; i: string[]; e: Msg }
  | { k: 'us'; n: string; s: Stream }
  | { k: 'r'; n: string; r: Revocation }
  /** Node `g` is gone (stopped, or its heartbeat lapsed); `n` says so. */
  | { k: 'g'; n: string; g: string };

/** Messages on one node's own channel. */
type NodeMessage =
  | { k: 't'; op: 'track' | 'update'; sid: string; s: Stream; uid: string; m: PresenceMeta }
  | { k: 't'; op: 'untrack'; sid: string; s: Stream }
  | { k: 'q'; id: string; from: string; svc: string; b: unknown }
  | { k: 'a'; id: string; ok: true; b?: unknown }
  | { k: 'a'; id: string; ok: false; code: number; msg: string };

function streamKey(s: Stream): string {
  return `${s.mode}.${s.subject}.${s.subcontext}.${s.label}`;
}

function presenceField(sessionId: string, s: Stream): string {
  return `${sessionId} ${streamKey(s)}`;
}

const notifications = (userId: string) => stream(StreamMode.Notifications, userId);

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
class ClusterPresences implements Presences {
  readonly local: ReplicatedTracker;
  /** Other nodes' presences, by node name; nothing is reported from them (their node reports). */
  readonly remote = new Map<string, Replica>();
  private readonly bus: RedisBus;

  constructor(bus: RedisBus, changed: (c: Change) => void) {
    this.bus = bus;
    this.local = new ReplicatedTracker(changed);
  }

  /** The other node a session lives on, as far as this node knows; undefined for this node's or unknown. */
  ownerOf(sessionId: string): string | undefined {
    if (this.bus.hasSession(sessionId)) return undefined;
    for (const [node, t] of this.remote) if (t.sessionPresences(sessionId).length) return node;
    return undefined;
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

interface PendingCall {
  resolve: (answer: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class RedisBus implements Bus {
  readonly node: string;
  readonly presences: ClusterPresences;
  readonly limits: RedisLimitStore;
  private readonly router: Router;
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly prefix: string;
  private readonly logger: Logger | undefined;
  private readonly heartbeatMs: number;
  private readonly heartbeatTtlMs: number;
  private readonly callTimeoutMs: number;
  private readonly listeners: PresenceListener[] = [];
  private readonly revokeListeners: Array<(r: Revocation) => void> = [];
  private readonly resyncListeners: Array<() => Promise<Revocation[]>> = [];
  /** Revocations this node could not publish (Redis did not answer), published again once it does. */
  private unsent: Revocation[] = [];
  /** This process, told apart from another one with the same node name. */
  private readonly instance = crypto.randomUUID();
  private readonly services = new Map<string, ServiceHandler>();
  private readonly calls = new Map<string, PendingCall>();
  /** This node's presence changes of the current turn, published together. */
  private outbox: Change[] = [];
  /** Messages that arrived while the other nodes' presences were loading. */
  private backlog: Array<[string, string]> | undefined = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private beating = false;
  private resyncing = false;
  private resyncAgain = false;
  private closed = false;
  /** Presences this node left before a restart, reported as leaves at the first beat (once listened to). */
  private stale: Replica | undefined;
  /** Leases this node holds, given up when it leaves. */
  private readonly leases = new Set<string>();

  private constructor(opts: RedisBusOptions) {
    this.node = opts.node;
    this.prefix = opts.prefix ?? 'tribuna:';
    this.logger = opts.logger;
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.heartbeatTtlMs = opts.heartbeatTtlMs ?? HEARTBEAT_TTL_MS;
    this.callTimeoutMs = opts.callTimeoutMs ?? CALL_TIMEOUT_MS;
    const connection = { lazyConnect: true, enableAutoPipelining: true, connectionName: `tribuna-${opts.node}` };
    this.cmd = new Redis(opts.url, connection);
    this.sub = new Redis(opts.url, { ...connection, enableAutoPipelining: false });
    for (const c of [this.cmd, this.sub]) c.on('error', (err: Error) => this.logger?.warn('redis connection error', { node: this.node, err: err.message }));
    this.presences = new ClusterPresences(this, (c) => this.changed(c));
    this.presences.local.onEvent((s, joins, leaves) => {
      for (const l of this.listeners) l(s, joins, leaves);
    });
    this.router = new Router(this.presences.local, opts.serializers);
    this.limits = new RedisLimitStore(this.cmd, `${this.prefix}limit:`);
    this.cmd.defineCommand('tribunaLease', { numberOfKeys: 1, lua: LEASE_SCRIPT });
  }

  /** Connects, joins the cluster (loading the other nodes' presences) and starts the heartbeat. */
  static async connect(opts: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(opts);
    try {
      await bus.join();
    } catch (err) {
      bus.cmd.disconnect();
      bus.sub.disconnect();
      const where = new URL(opts.url);
      where.password = '';
      throw new Error(`Redis at ${where.toString()} (REDIS_URL) could not be joined: ${(err as Error).message}`, { cause: err });
    }
    return bus;
  }

  private key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  private get clusterChannel(): string {
    return this.key('bus');
  }

  private nodeChannel(node: string): string {
    return this.key('node', node);
  }

  private async join(): Promise<void> {
    await Promise.all([this.cmd.connect(), this.sub.connect()]);
    await this.claimName();
    this.sub.on('message', (channel: string, message: string) => {
      if (this.backlog) this.backlog.push([channel, message]);
      else this.receive(channel, message);
    });
    await this.sub.subscribe(this.clusterChannel, this.nodeChannel(this.node));

    // What this node left in Redis before a restart (a crash) is gone: its sockets were closed.
    const stale = await this.cmd.hgetall(this.key('presences', this.node));
    if (Object.keys(stale).length) {
      this.stale = replicaOf(stale);
      await this.cmd.multi().del(this.key('presences', this.node)).publish(this.clusterChannel, JSON.stringify({ k: 'g', n: this.node, g: this.node } satisfies ClusterMessage)).exec();
    }

    await this.loadOthers();
    await this.beat();
    // What was missed while a connection was down is made up for when it is back.
    for (const c of [this.sub, this.cmd]) c.on('ready', () => void this.resync());
    this.heartbeat = setInterval(() => {
      if (this.stale) this.reportGone(this.stale);
      this.stale = undefined;
      void this.beat();
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Takes this node's name: its heartbeat key, unless a live node beats on it. A heartbeat left by a
   * stopped process with this name (a restart) lapses within its time to live, which is waited for; one
   * that changes meanwhile is another live node's, and this one does not start.
   */
  private async claimName(): Promise<void> {
    const key = this.key('heartbeat', this.node);
    const until = Date.now() + this.heartbeatTtlMs + this.heartbeatMs;
    let first: string | null | undefined;
    for (;;) {
      if ((await this.cmd.set(key, this.heartbeatValue(), 'PX', this.heartbeatTtlMs, 'NX')) === 'OK') return;
      const holder = await this.cmd.get(key);
      if (first === undefined) {
        first = holder;
        this.logger?.info('cluster node name held by an earlier heartbeat: waiting for it to lapse', { node: this.node });
      } else if (holder !== null && holder !== first) {
        throw new Error(`NODE_NAME "${this.node}" is taken by a running node: each node needs a name of its own.`);
      }
      if (Date.now() > until) throw new Error(`NODE_NAME "${this.node}" is taken by a running node: each node needs a name of its own.`);
      await new Promise((r) => setTimeout(r, Math.max(10, this.heartbeatMs / 4)));
    }
  }

  private heartbeatValue(): string {
    return `${this.instance} ${Date.now()}`;
  }

  /** Loads every other node's presences from Redis, then applies what arrived meanwhile. */
  private async loadOthers(): Promise<void> {
    const loaded = new Map<string, Replica>();
    for (const node of await this.cmd.smembers(this.key('nodes'))) {
      if (node === this.node) continue;
      loaded.set(node, replicaOf(await this.cmd.hgetall(this.key('presences', node))));
    }
    this.presences.remote.clear();
    for (const [node, t] of loaded) this.presences.remote.set(node, t);
    const backlog = this.backlog ?? [];
    this.backlog = undefined;
    for (const [channel, message] of backlog) this.receive(channel, message);
  }

  /**
   * After a lost connection: this node's presences are written again (Redis may have restarted empty)
   * and sent to every node in full, and the others' are loaded again.
   */
  private async resync(): Promise<void> {
    if (this.closed) return;
    if (this.resyncing) {
      this.resyncAgain = true; // the other connection came back meanwhile
      return;
    }
    this.resyncing = true;
    try {
      do {
        this.resyncAgain = false;
        await this.resyncOnce();
      } while (this.resyncAgain && !this.closed);
    } finally {
      this.resyncing = false;
    }
  }

  private async resyncOnce(): Promise<void> {
    this.backlog = [];
    try {
      const all = this.localPresences();
      const hash = this.key('presences', this.node);
      const tx = this.cmd.multi().del(hash);
      if (all.length) tx.hset(hash, ...all.flatMap((p) => [presenceField(p.sessionId, p.stream), JSON.stringify(p)]));
      await tx.publish(this.clusterChannel, JSON.stringify({ k: 'p', n: this.node, c: all.map((p) => ['+', p] as Change), full: true } satisfies ClusterMessage)).exec();
      await this.loadOthers();
      // Revocations made here while cut off go out now; those made elsewhere meanwhile come from the database.
      for (const r of this.unsent.splice(0)) this.revoke(r);
      for (const l of this.resyncListeners) for (const r of await l()) closeRevoked(r, (u) => this.router.sessionsOfUser(u));
      this.logger?.info('cluster state loaded again after a lost connection', { node: this.node });
    } catch (err) {
      const backlog = this.backlog ?? [];
      this.backlog = undefined;
      for (const [channel, message] of backlog) this.receive(channel, message);
      this.logger?.warn('cluster resync failed', { node: this.node, err: (err as Error).message });
    }
  }

  private localPresences(): TrackedPresence[] {
    const all: TrackedPresence[] = [];
    for (const mode of Object.values(StreamMode)) {
      for (const s of this.presences.local.listStreams(mode)) all.push(...this.presences.local.list(s, true));
    }
    return all;
  }

  /** Announces this node and checks the others: a node whose heartbeat lapsed is removed. */
  private async beat(): Promise<void> {
    if (this.beating || this.closed) return;
    this.beating = true;
    try {
      const [[, previous]] = (await this.cmd.multi()
        .set(this.key('heartbeat', this.node), this.heartbeatValue(), 'PX', this.heartbeatTtlMs, 'GET')
        .sadd(this.key('nodes'), this.node)
        .exec()) as Array<[Error | null, unknown]>;
      if (typeof previous === 'string' && !previous.startsWith(`${this.instance} `)) {
        this.logger?.error('another node beats with this NODE_NAME: each node needs a name of its own', { node: this.node });
      }
      const nodes = (await this.cmd.smembers(this.key('nodes'))).filter((n) => n !== this.node);
      const known = new Set(nodes);
      for (const n of this.presences.remote.keys()) if (!known.has(n)) nodes.push(n);
      if (!nodes.length) return;
      const alive = await Promise.all(nodes.map((n) => this.cmd.exists(this.key('heartbeat', n))));
      for (const [i, n] of nodes.entries()) if (!alive[i]) await this.lapsed(n);
    } catch (err) {
      this.logger?.warn('cluster heartbeat failed', { node: this.node, err: (err as Error).message });
    } finally {
      this.beating = false;
    }
  }

  /** A node stopped beating: one node (the first to take the lock) reports its leaves and clears it. */
  private async lapsed(node: string): Promise<void> {
    const won = await this.cmd.set(this.key('gone', node), this.node, 'PX', this.heartbeatTtlMs * 2, 'NX');
    const replica = this.presences.remote.get(node);
    this.presences.remote.delete(node);
    if (won !== 'OK') return;
    this.logger?.warn('cluster node gone: its heartbeat lapsed', { node, by: this.node });
    if (replica) this.reportGone(replica);
    await this.cmd.multi()
      .del(this.key('presences', node))
      .srem(this.key('nodes'), node)
      .publish(this.clusterChannel, JSON.stringify({ k: 'g', n: this.node, g: node } satisfies ClusterMessage))
      .exec();
  }

  /** Reports the leaves of a gone node's visible presences to this node's listeners, after this turn. */
  private reportGone(t: Replica): void {
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
    if (!byStream.size) return;
    setImmediate(() => {
      for (const { s, leaves } of byStream.values()) for (const l of this.listeners) l(s, [], leaves);
    });
  }

  /** Publishes a message on the cluster's channel; a revocation that fails is kept to be sent again. */
  publish(m: ClusterMessage): void {
    if (this.closed) return;
    this.cmd.publish(this.clusterChannel, JSON.stringify(m)).catch((err: Error) => {
      if (m.k === 'r') this.unsent.push(m.r);
      this.logger?.warn('cluster publish failed', { err: err.message });
    });
  }

  /** Sends a message to one node's channel; resolves with whether a node listens there. */
  toNode(node: string, m: NodeMessage): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return this.cmd.publish(this.nodeChannel(node), JSON.stringify(m)).then(
      (n) => n > 0,
      (err: Error) => {
        this.logger?.warn('cluster publish failed', { err: err.message });
        return false;
      },
    );
  }

  hasSession(sessionId: string): boolean {
    return this.router.get(sessionId) !== undefined;
  }

  private changed(c: Change): void {
    if (this.outbox.length === 0) queueMicrotask(() => this.flushChanges());
    this.outbox.push(c);
  }

  /** Writes this turn's presence changes to this node's hash and publishes them, in one transaction. */
  private flushChanges(): void {
    const changes = this.outbox;
    if (!changes.length || this.closed) return;
    this.outbox = [];
    const hash = this.key('presences', this.node);
    const tx = this.cmd.multi();
    const set: string[] = [];
    const del: string[] = [];
    for (const c of changes) {
      if (c[0] === '+') set.push(presenceField(c[1].sessionId, c[1].stream), JSON.stringify(c[1]));
      else del.push(presenceField(c[1], c[2]));
    }
    // In order: a field removed then added again in one turn ends added.
    if (del.length) tx.hdel(hash, ...del);
    if (set.length) tx.hset(hash, ...set);
    tx.publish(this.clusterChannel, JSON.stringify({ k: 'p', n: this.node, c: changes } satisfies ClusterMessage));
    tx.exec().catch((err: Error) => this.logger?.warn('cluster presence update failed', { err: err.message }));
  }

  private receive(channel: string, message: string): void {
    try {
      if (channel === this.clusterChannel) this.fromCluster(JSON.parse(message) as ClusterMessage);
      else this.fromNode(JSON.parse(message) as NodeMessage);
    } catch (err) {
      this.logger?.error('cluster message failed', { err });
    }
  }

  private fromCluster(m: ClusterMessage): void {
    if (m.k === 'r') {
      this.applyRevocation(m.r);
      return;
    }
    if (m.k === 'g') {
      if (m.g !== this.node) this.presences.remote.delete(m.g);
      else if (m.n !== this.node) this.republish(); // declared gone while alive (a long pause): back again
      return;
    }
    if (m.n === this.node) return;
    switch (m.k) {
      case 'p': {
        let t = this.presences.remote.get(m.n);
        if (!t || m.full) this.presences.remote.set(m.n, (t = new Replica()));
        for (const c of m.c) {
          if (c[0] === '+') t.set(c[1]);
          else t.untrack(c[1], c[2]);
        }
        break;
      }
      case 's':
        this.router.sendToStream(m.s, m.e, m.x);
        break;
      case 'u':
        this.router.sendToUser(m.u, m.e);
        break;
      case 'i':
        this.router.sendToSessions(m.i, m.e);
        break;
      case 'us':
        this.presences.local.untrackStream(m.s);
        break;
    }
  }

  private fromNode(m: NodeMessage): void {
    switch (m.k) {
      case 't':
        if (m.op === 'untrack') this.presences.local.untrack(m.sid, m.s);
        else if (!this.hasSession(m.sid)) return; // closed meanwhile
        else if (m.op === 'track') this.presences.local.track(m.sid, m.s, m.uid, m.m);
        else this.presences.local.update(m.sid, m.s, m.uid, m.m);
        break;
      case 'q':
        void this.answer(m.from, m.id, m.svc, m.b);
        break;
      case 'a': {
        const pending = this.calls.get(m.id);
        if (!pending) return;
        this.calls.delete(m.id);
        clearTimeout(pending.timer);
        if (m.ok) pending.resolve(m.b);
        else pending.reject(new AppError(m.code as Code, m.msg));
        break;
      }
    }
  }

  private async answer(from: string, id: string, service: string, request: unknown): Promise<void> {
    const handler = this.services.get(service);
    let reply: NodeMessage;
    if (!handler) {
      reply = { k: 'a', id, ok: false, code: Code.NotFound, msg: `No ${service} service on node "${this.node}".` };
    } else {
      try {
        reply = { k: 'a', id, ok: true, b: await handler(request) };
      } catch (err) {
        if (err instanceof AppError) reply = { k: 'a', id, ok: false, code: err.code, msg: err.message };
        else {
          this.logger?.error('service call failed', { service, err });
          reply = { k: 'a', id, ok: false, code: Code.Internal, msg: 'Internal error' };
        }
      }
    }
    await this.toNode(from, reply);
  }

  /** This node was declared gone while alive: its presences go back into Redis and to every node. */
  private republish(): void {
    this.logger?.warn('cluster node declared gone while alive: presences published again', { node: this.node });
    for (const p of this.localPresences()) this.changed(['+', p]);
  }

  onPresence(listener: PresenceListener): void {
    this.listeners.push(listener);
  }

  attach(session: ClientSession): void {
    this.router.add(session);
    this.presences.local.track(session.id, notifications(session.userId), session.userId, { username: session.username, hidden: true });
  }

  detach(sessionId: string): void {
    this.router.remove(sessionId);
    this.presences.local.untrackAll(sessionId);
  }

  sendToStream(s: Stream, envelope: Msg, except?: string): void {
    this.router.sendToStream(s, envelope, except);
    const m: ClusterMessage = { k: 's', n: this.node, s, e: envelope };
    if (except !== undefined) m.x = except;
    this.publish(m);
  }

  sendToUser(userId: string, envelope: Msg): void {
    this.router.sendToUser(userId, envelope);
    this.publish({ k: 'u', n: this.node, u: userId, e: envelope });
  }

  sendToSessions(sessionIds: Iterable<string>, envelope: Msg): void {
    const ids = [...sessionIds];
    this.router.sendToSessions(ids, envelope);
    // A session lives on one node: those of this node are served.
    const elsewhere = ids.filter((id) => !this.hasSession(id));
    if (elsewhere.length) this.publish({ k: 'i', n: this.node, i: elsewhere, e: envelope });
  }

  isOnline(userId: string): boolean {
    return this.presences.exists(notifications(userId));
  }

  /**
   * Closes this node's sockets it ends at once, and goes through Redis to every node, this one included,
   * so every node sees revocations in one order.
   */
  revoke(r: Revocation): void {
    closeRevoked(r, (u) => this.router.sessionsOfUser(u));
    this.publish({ k: 'r', n: this.node, r });
  }

  private applyRevocation(r: Revocation): void {
    for (const l of this.revokeListeners) l(r);
    closeRevoked(r, (u) => this.router.sessionsOfUser(u));
  }

  onRevoke(listener: (r: Revocation) => void): void {
    this.revokeListeners.push(listener);
  }

  onResync(listener: () => Promise<Revocation[]>): void {
    this.resyncListeners.push(listener);
  }

  serve(service: string, handler: ServiceHandler): void {
    if (this.services.has(service)) throw new Error(`Service "${service}" is already served.`);
    this.services.set(service, handler);
  }

  async call(node: string, service: string, request: unknown): Promise<unknown> {
    if (node === this.node) {
      const handler = this.services.get(service);
      if (!handler) throw notFound(`No ${service} service on node "${node}".`);
      return handler(request);
    }
    const id = crypto.randomUUID();
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new AppError(Code.Unavailable, `Node "${node}" did not answer.`));
      }, this.callTimeoutMs);
      this.calls.set(id, { resolve, reject, timer });
    });
    const heard = await this.toNode(node, { k: 'q', id, from: this.node, svc: service, b: request });
    if (!heard) {
      const pending = this.calls.get(id);
      if (pending) {
        this.calls.delete(id);
        clearTimeout(pending.timer);
        pending.reject(notFound(`No ${service} service on node "${node}".`));
      }
    }
    return answer;
  }

  /** Resolves when Redis answers (the node's readiness). */
  async ping(): Promise<void> {
    if (this.closed) throw new Error('The bus is closed.');
    await this.cmd.ping();
  }

  peers(): string[] {
    return [...this.presences.remote.keys()];
  }

  async lease(name: string, ttlMs: number): Promise<boolean> {
    if (this.closed) return false;
    const run = (this.cmd as unknown as Record<string, (key: string, ...args: Array<string | number>) => Promise<number>>).tribunaLease;
    const held = (await run.call(this.cmd, this.key('lease', name), this.node, ttlMs)) === 1;
    if (held) this.leases.add(name);
    else this.leases.delete(name);
    return held;
  }

  /** Leaves the cluster: this node's presences and heartbeat are removed and the others told. */
  async close(): Promise<void> {
    if (this.closed) return;
    clearInterval(this.heartbeat);
    this.flushChanges();
    this.closed = true;
    for (const [id, pending] of this.calls) {
      clearTimeout(pending.timer);
      pending.reject(new AppError(Code.Unavailable, 'The node is stopping.'));
      this.calls.delete(id);
    }
    try {
      for (const name of this.leases) {
        await this.cmd.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end return 0", 1, this.key('lease', name), this.node);
      }
      await this.cmd.multi()
        .del(this.key('presences', this.node), this.key('heartbeat', this.node))
        .srem(this.key('nodes'), this.node)
        .publish(this.clusterChannel, JSON.stringify({ k: 'g', n: this.node, g: this.node } satisfies ClusterMessage))
        .exec();
    } catch (err) {
      this.logger?.warn('leaving the cluster failed', { node: this.node, err: (err as Error).message });
    }
    await Promise.allSettled([this.sub.quit(), this.cmd.quit()]);
  }
}

/** A node's presences as kept in its Redis hash; sockets' first, so their statuses are kept compactly. */
function replicaOf(hash: Record<string, string>): Replica {
  const t = new Replica();
  const all = Object.values(hash).map((v) => JSON.parse(v) as TrackedPresence);
  for (const p of all.sort((x, y) => x.stream.mode - y.stream.mode)) t.set(p);
  return t;
}

// A lease: kept by its holder, taken by anyone once it lapsed.
const LEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
return 0
`;
