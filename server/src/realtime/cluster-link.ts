// One node's link to the cluster's Redis: its two connections (commands, and subscriptions), the keys
// and channels of its cluster (all under one prefix), and the messages the nodes send each other: on the
// cluster's channel to every node, on a node's own channel to that node.
import { Redis } from 'ioredis';
import type { Msg } from '../encode.ts';
import type { Logger } from '../log.ts';
import type { BusMeter } from '../metrics.ts';
import type { Revocation } from './bus.ts';
import { Replica } from './replica.ts';
import type { PresenceMeta, Stream, TrackedPresence } from './tracker.ts';

/** A change of a node's presences: a presence added or replaced, or removed. */
export type Change = ['+', TrackedPresence] | ['-', string, Stream];

/** Messages on the cluster's channel, from node `n`. */
export type ClusterMessage =
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
export type NodeMessage =
  | { k: 't'; op: 'track' | 'update'; sid: string; s: Stream; uid: string; m: PresenceMeta }
  | { k: 't'; op: 'untrack'; sid: string; s: Stream }
  | { k: 'q'; id: string; from: string; svc: string; b: unknown }
  | { k: 'a'; id: string; ok: true; b?: unknown }
  | { k: 'a'; id: string; ok: false; code: number; msg: string };

export function streamKey(s: Stream): string {
  return `${s.mode}.${s.subject}.${s.subcontext}.${s.label}`;
}

export function presenceField(sessionId: string, s: Stream): string {
  return `${sessionId} ${streamKey(s)}`;
}

/** A node's presences as kept in its Redis hash; sockets' first, so their statuses are kept compactly. */
export function replicaOf(hash: Record<string, string>): Replica {
  const t = new Replica();
  const all = Object.values(hash).map((v) => JSON.parse(v) as TrackedPresence);
  for (const p of all.sort((x, y) => x.stream.mode - y.stream.mode)) t.set(p);
  return t;
}

export class ClusterLink {
  readonly node: string;
  /** Commands; auto-pipelined. */
  readonly cmd: Redis;
  /** Subscriptions to the cluster's channel and this node's. */
  readonly sub: Redis;
  readonly logger: Logger | undefined;
  /** Counts what is published and received (the metrics). */
  meter: BusMeter | undefined;
  /** Set once the node leaves: nothing more is sent. */
  closed = false;
  private readonly prefix: string;

  constructor(opts: { url: string; node: string; prefix: string; logger?: Logger }) {
    this.node = opts.node;
    this.prefix = opts.prefix;
    this.logger = opts.logger;
    const connection = { lazyConnect: true, enableAutoPipelining: true, connectionName: `tribuna-${opts.node}` };
    this.cmd = new Redis(opts.url, connection);
    this.sub = new Redis(opts.url, { ...connection, enableAutoPipelining: false });
    for (const c of [this.cmd, this.sub]) c.on('error', (err: Error) => this.logger?.warn('redis connection error', { node: this.node, err: err.message }));
    this.cmd.defineCommand('tribunaLease', { numberOfKeys: 1, lua: LEASE_SCRIPT });
  }

  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  get clusterChannel(): string {
    return this.key('bus');
  }

  nodeChannel(node: string): string {
    return this.key('node', node);
  }

  /** Runs before each message this link sends, so that what waits to go out goes first (presence changes). */
  beforeSend?: () => void;

  /** Publishes a message on the cluster's channel; `failed` runs when Redis does not take it. */
  publish(m: ClusterMessage, failed?: () => void): void {
    if (this.closed) return;
    this.beforeSend?.();
    this.meter?.published();
    this.cmd.publish(this.clusterChannel, JSON.stringify(m)).catch((err: Error) => {
      failed?.();
      this.logger?.warn('cluster publish failed', { err: err.message });
    });
  }

  /** Sends a message to one node's channel; resolves with whether a node listens there. */
  toNode(node: string, m: NodeMessage): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    this.beforeSend?.();
    this.meter?.published();
    return this.cmd.publish(this.nodeChannel(node), JSON.stringify(m)).then(
      (n) => n > 0,
      (err: Error) => {
        this.logger?.warn('cluster publish failed', { err: err.message });
        return false;
      },
    );
  }

  /** Takes or keeps the lease `name` for ttlMs; false when another node holds it. */
  async lease(name: string, ttlMs: number): Promise<boolean> {
    const run = (this.cmd as unknown as Record<string, (key: string, ...args: Array<string | number>) => Promise<number>>).tribunaLease;
    return (await run.call(this.cmd, this.key('lease', name), this.node, ttlMs)) === 1;
  }
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
