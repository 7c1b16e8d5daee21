// A node's heartbeat: a key in Redis that expires unless renewed, and the node's name in the set of nodes.
// Each beat also checks the others; the first node to see one's heartbeat lapse (a lock in Redis) reports
// that node gone, once, and removes what it left.
import crypto from 'node:crypto';
import type { ClusterLink, ClusterMessage } from './cluster-link.ts';
import type { Replica } from './replica.ts';

export class Heartbeat {
  private readonly link: ClusterLink;
  private readonly everyMs: number;
  private readonly ttlMs: number;
  /** The other nodes' presences, by node: a gone node's are dropped. */
  private readonly remote: Map<string, Replica>;
  /** Reports the leaves of a gone node's presences. */
  private readonly gone: (replica: Replica) => void;
  /** This process, told apart from another one with the same node name. */
  private readonly instance = crypto.randomUUID();
  private beating = false;

  constructor(link: ClusterLink, opts: { everyMs: number; ttlMs: number; remote: Map<string, Replica>; gone: (replica: Replica) => void }) {
    this.link = link;
    this.everyMs = opts.everyMs;
    this.ttlMs = opts.ttlMs;
    this.remote = opts.remote;
    this.gone = opts.gone;
  }

  /**
   * Takes this node's name: its heartbeat key, unless a live node beats on it. A heartbeat left by a
   * stopped process with this name (a restart) lapses within its time to live, which is waited for; one
   * that changes meanwhile is another live node's, and this one does not start.
   */
  async claimName(): Promise<void> {
    const key = this.link.key('heartbeat', this.link.node);
    const until = Date.now() + this.ttlMs + this.everyMs;
    let first: string | null | undefined;
    for (;;) {
      if ((await this.link.cmd.set(key, this.value(), 'PX', this.ttlMs, 'NX')) === 'OK') return;
      const holder = await this.link.cmd.get(key);
      if (first === undefined) {
        first = holder;
        this.link.logger?.info('cluster node name held by an earlier heartbeat: waiting for it to lapse', { node: this.link.node });
      } else if (holder !== null && holder !== first) {
        throw new Error(`NODE_NAME "${this.link.node}" is taken by a running node: each node needs a name of its own.`);
      }
      if (Date.now() > until) throw new Error(`NODE_NAME "${this.link.node}" is taken by a running node: each node needs a name of its own.`);
      await new Promise((r) => setTimeout(r, Math.max(10, this.everyMs / 4)));
    }
  }

  private value(): string {
    return `${this.instance} ${Date.now()}`;
  }

  /** Announces this node and checks the others: a node whose heartbeat lapsed is removed. */
  async beat(): Promise<void> {
    if (this.beating || this.link.closed) return;
    this.beating = true;
    try {
      const [[, previous]] = (await this.link.cmd.multi()
        .set(this.link.key('heartbeat', this.link.node), this.value(), 'PX', this.ttlMs, 'GET')
        .sadd(this.link.key('nodes'), this.link.node)
        .exec()) as Array<[Error | null, unknown]>;
      if (typeof previous === 'string' && !previous.startsWith(`${this.instance} `)) {
        this.link.logger?.error('another node beats with this NODE_NAME: each node needs a name of its own', { node: this.link.node });
      }
      const nodes = (await this.link.cmd.smembers(this.link.key('nodes'))).filter((n) => n !== this.link.node);
      const known = new Set(nodes);
      for (const n of this.remote.keys()) if (!known.has(n)) nodes.push(n);
      if (!nodes.length) return;
      const alive = await Promise.all(nodes.map((n) => this.link.cmd.exists(this.link.key('heartbeat', n))));
      for (const [i, n] of nodes.entries()) if (!alive[i]) await this.lapsed(n);
    } catch (err) {
      this.link.logger?.warn('cluster heartbeat failed', { node: this.link.node, err: (err as Error).message });
    } finally {
      this.beating = false;
    }
  }

  /** A node stopped beating: one node (the first to take the lock) reports its leaves and clears it. */
  private async lapsed(node: string): Promise<void> {
    const won = await this.link.cmd.set(this.link.key('gone', node), this.link.node, 'PX', this.ttlMs * 2, 'NX');
    const replica = this.remote.get(node);
    this.remote.delete(node);
    if (won !== 'OK') return;
    this.link.logger?.warn('cluster node gone: its heartbeat lapsed', { node, by: this.link.node });
    if (replica) this.gone(replica);
    await this.link.cmd.multi()
      .del(this.link.key('presences', node))
      .srem(this.link.key('nodes'), node)
      .publish(this.link.clusterChannel, JSON.stringify({ k: 'g', n: this.link.node, g: node } satisfies ClusterMessage))
      .exec();
  }
}
