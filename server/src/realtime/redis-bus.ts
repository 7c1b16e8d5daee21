// The cluster bus: the nodes of one cluster share their realtime work through Redis (REDIS_URL).
//
// - Each node announces itself with a heartbeat key that expires (HEARTBEAT_TTL_MS) and its name in the
//   set of nodes; a node does not start under a name whose heartbeat another live node keeps. Every node
//   checks the others each beat; the first to see a lapsed heartbeat (a lock in Redis) reports the leaves
//   of the dead node's visible presences, once, and removes what it left (cluster-heartbeat.ts).
// - Presences: each node keeps its own in a Tracker (events are reported there, once) and a Replica of
//   every other node's (compact: see replica.ts), so reads stay synchronous. A node's presences are also
//   kept in a Redis hash, which a starting node loads; their changes are published, batched per turn, on
//   the cluster's channel (cluster-presences.ts).
// - Delivery: a node delivers to its own sockets at once and publishes the envelope once on the cluster's
//   channel; each other node serialises it once per wire format for its sockets (Router).
// - Revocations go through the cluster's channel to every node, this one included, in one order. A node
//   cut off from Redis catches up when it is back: it sends those it could not, and reads those it missed
//   from the database (Sessions).
// - Changes naming another node's session and service calls go to that node's own channel; answers come
//   back on the caller's (node-calls.ts).
// - Limit counters live in Redis too (redis-limits.ts), shared by every node.
// The connections, keys and messages of the cluster are cluster-link.ts's.
import type { Msg } from '../encode.ts';
import type { Logger } from '../log.ts';
import type { BusMeter } from '../metrics.ts';
import { closeRevoked, type Bus, type ClientSession, type Revocation, type Serializers, type ServiceHandler } from './bus.ts';
import { Heartbeat } from './cluster-heartbeat.ts';
import { ClusterLink, presenceField, replicaOf, type Change, type ClusterMessage, type NodeMessage } from './cluster-link.ts';
import { ClusterPresences, leavesOf, PresenceOutbox } from './cluster-presences.ts';
import { NodeCalls } from './node-calls.ts';
import { RedisLimitStore } from './redis-limits.ts';
import { Replica } from './replica.ts';
import { Router } from './router.ts';
import { stream, StreamMode, type PresenceListener, type Stream } from './tracker.ts';

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

const notifications = (userId: string) => stream(StreamMode.Notifications, userId);

export class RedisBus implements Bus {
  readonly node: string;
  readonly presences: ClusterPresences;
  readonly limits: RedisLimitStore;
  private readonly router: Router;
  private readonly link: ClusterLink;
  private readonly logger: Logger | undefined;
  private readonly heartbeatMs: number;
  private readonly heartbeats: Heartbeat;
  private readonly calls: NodeCalls;
  private readonly listeners: PresenceListener[] = [];
  private readonly revokeListeners: Array<(r: Revocation) => void> = [];
  private readonly resyncListeners: Array<() => Promise<Revocation[]>> = [];
  /** Revocations this node could not publish (Redis did not answer), published again once it does. */
  private unsent: Revocation[] = [];
  /** This node's presence changes of the current turn, published together. */
  private readonly outbox: PresenceOutbox;
  /** Messages that arrived while the other nodes' presences were loading. */
  private backlog: Array<[string, string]> | undefined = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private resyncing = false;
  private resyncAgain = false;
  /** Presences this node left before a restart, reported as leaves at the first beat (once listened to). */
  private stale: Replica | undefined;
  /** Leases this node holds, given up when it leaves. */
  private readonly leases = new Set<string>();

  private constructor(opts: RedisBusOptions) {
    this.node = opts.node;
    this.logger = opts.logger;
    this.heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
    this.link = new ClusterLink({ url: opts.url, node: opts.node, prefix: opts.prefix ?? 'tribuna:', logger: opts.logger });
    this.outbox = new PresenceOutbox(this.link);
    this.presences = new ClusterPresences(this, (c) => this.outbox.push(c));
    this.heartbeats = new Heartbeat(this.link, {
      everyMs: this.heartbeatMs,
      ttlMs: opts.heartbeatTtlMs ?? HEARTBEAT_TTL_MS,
      remote: this.presences.remote,
      gone: (replica) => this.reportGone(replica),
    });
    this.calls = new NodeCalls(this.link, opts.callTimeoutMs ?? CALL_TIMEOUT_MS);
    this.presences.local.onEvent((s, joins, leaves) => {
      for (const l of this.listeners) l(s, joins, leaves);
    });
    this.router = new Router(this.presences.local, opts.serializers);
    this.limits = new RedisLimitStore(this.link.cmd, this.link.key('limit', ''));
  }

  // The link counts what it publishes and receives.
  get meter(): BusMeter | undefined { return this.link.meter; }
  set meter(meter: BusMeter | undefined) { this.link.meter = meter; }

  /** Connects, joins the cluster (loading the other nodes' presences) and starts the heartbeat. */
  static async connect(opts: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(opts);
    try {
      await bus.join();
    } catch (err) {
      bus.link.cmd.disconnect();
      bus.link.sub.disconnect();
      const where = new URL(opts.url);
      where.password = '';
      throw new Error(`Redis at ${where.toString()} (REDIS_URL) could not be joined: ${(err as Error).message}`, { cause: err });
    }
    return bus;
  }

  private async join(): Promise<void> {
    await Promise.all([this.link.cmd.connect(), this.link.sub.connect()]);
    await this.heartbeats.claimName();
    this.link.sub.on('message', (channel: string, message: string) => {
      this.link.meter?.received();
      if (this.backlog) this.backlog.push([channel, message]);
      else this.receive(channel, message);
    });
    await this.link.sub.subscribe(this.link.clusterChannel, this.link.nodeChannel(this.node));

    // What this node left in Redis before a restart (a crash) is gone: its sockets were closed.
    const stale = await this.link.cmd.hgetall(this.link.key('presences', this.node));
    if (Object.keys(stale).length) {
      this.stale = replicaOf(stale);
      await this.link.cmd.multi().del(this.link.key('presences', this.node)).publish(this.link.clusterChannel, JSON.stringify({ k: 'g', n: this.node, g: this.node } satisfies ClusterMessage)).exec();
    }

    await this.loadOthers();
    await this.heartbeats.beat();
    // What was missed while a connection was down is made up for when it is back.
    for (const c of [this.link.sub, this.link.cmd]) c.on('ready', () => void this.resync());
    this.heartbeat = setInterval(() => {
      if (this.stale) this.reportGone(this.stale);
      this.stale = undefined;
      void this.heartbeats.beat();
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Loads every other node's presences from Redis, then applies what arrived meanwhile. */
  private async loadOthers(): Promise<void> {
    const loaded = new Map<string, Replica>();
    for (const node of await this.link.cmd.smembers(this.link.key('nodes'))) {
      if (node === this.node) continue;
      loaded.set(node, replicaOf(await this.link.cmd.hgetall(this.link.key('presences', node))));
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
    if (this.link.closed) return;
    if (this.resyncing) {
      this.resyncAgain = true; // the other connection came back meanwhile
      return;
    }
    this.resyncing = true;
    try {
      do {
        this.resyncAgain = false;
        await this.resyncOnce();
      } while (this.resyncAgain && !this.link.closed);
    } finally {
      this.resyncing = false;
    }
  }

  private async resyncOnce(): Promise<void> {
    this.backlog = [];
    try {
      const all = this.presences.own();
      const hash = this.link.key('presences', this.node);
      const tx = this.link.cmd.multi().del(hash);
      if (all.length) tx.hset(hash, ...all.flatMap((p) => [presenceField(p.sessionId, p.stream), JSON.stringify(p)]));
      await tx.publish(this.link.clusterChannel, JSON.stringify({ k: 'p', n: this.node, c: all.map((p) => ['+', p] as Change), full: true } satisfies ClusterMessage)).exec();
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

  /** Reports the leaves of a gone node's visible presences to this node's listeners, after this turn. */
  private reportGone(t: Replica): void {
    const gone = leavesOf(t);
    if (!gone.length) return;
    setImmediate(() => {
      for (const { s, leaves } of gone) for (const l of this.listeners) l(s, [], leaves);
    });
  }

  /** Publishes a message on the cluster's channel; a revocation that fails is kept to be sent again. */
  publish(m: ClusterMessage): void {
    this.link.publish(m, m.k === 'r' ? () => this.unsent.push(m.r) : undefined);
  }

  /** Sends a message to one node's channel; resolves with whether a node listens there. */
  toNode(node: string, m: NodeMessage): Promise<boolean> {
    return this.link.toNode(node, m);
  }

  hasSession(sessionId: string): boolean {
    return this.router.get(sessionId) !== undefined;
  }

  private receive(channel: string, message: string): void {
    try {
      if (channel === this.link.clusterChannel) this.fromCluster(JSON.parse(message) as ClusterMessage);
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
      case 'p':
        this.presences.applyRemote(m.n, m.c, m.full);
        break;
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
        void this.calls.answer(m.from, m.id, m.svc, m.b);
        break;
      case 'a':
        this.calls.settle(m);
        break;
    }
  }

  /** This node was declared gone while alive: its presences go back into Redis and to every node. */
  private republish(): void {
    this.logger?.warn('cluster node declared gone while alive: presences published again', { node: this.node });
    for (const p of this.presences.own()) this.outbox.push(['+', p]);
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
    this.calls.serve(service, handler);
  }

  call(node: string, service: string, request: unknown): Promise<unknown> {
    return this.calls.call(node, service, request);
  }

  /** Resolves when Redis answers (the node's readiness). */
  async ping(): Promise<void> {
    if (this.link.closed) throw new Error('The bus is closed.');
    await this.link.cmd.ping();
  }

  peers(): string[] {
    return [...this.presences.remote.keys()];
  }

  async lease(name: string, ttlMs: number): Promise<boolean> {
    if (this.link.closed) return false;
    const held = await this.link.lease(name, ttlMs);
    if (held) this.leases.add(name);
    else this.leases.delete(name);
    return held;
  }

  /** Leaves the cluster: this node's presences and heartbeat are removed and the others told. */
  async close(): Promise<void> {
    if (this.link.closed) return;
    clearInterval(this.heartbeat);
    this.outbox.flush();
    this.link.closed = true;
    this.calls.stop();
    try {
      for (const name of this.leases) {
        await this.link.cmd.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end return 0", 1, this.link.key('lease', name), this.node);
      }
      await this.link.cmd.multi()
        .del(this.link.key('presences', this.node), this.link.key('heartbeat', this.node))
        .srem(this.link.key('nodes'), this.node)
        .publish(this.link.clusterChannel, JSON.stringify({ k: 'g', n: this.node, g: this.node } satisfies ClusterMessage))
        .exec();
    } catch (err) {
      this.logger?.warn('leaving the cluster failed', { node: this.node, err: (err as Error).message });
    }
    await Promise.allSettled([this.link.sub.quit(), this.link.cmd.quit()]);
  }
}
