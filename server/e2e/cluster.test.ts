// A real cluster end to end: deploy/cluster.sh starts three server processes on a fresh PostgreSQL
// database (dropped afterwards) and Redis (keys under a prefix of this run), behind Debian's nginx.
// Clients connect through nginx and are spread over the nodes; chat, status and notifications cross
// nodes; one node is killed (SIGKILL) mid-conversation: its clients reconnect through nginx to the others,
// every acknowledged message is in the history, and no client that stayed connected gets one twice.
// Not part of `npm test` (it needs PostgreSQL, Redis and nginx): `npm run test:cluster -w server` runs it, with
// CLUSTER_TESTS=1; .ci/run does so when PostgreSQL and Redis answer on loopback.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import type { Msg } from '../src/encode.ts';
import { freshPostgres, sleep, tempDir, TEST_PG_URL as PG_URL, TEST_REDIS_URL as REDIS_URL } from '../src/testing/index.ts';

const CLUSTER_SH = path.resolve(import.meta.dirname, '../../deploy/cluster.sh');
const NODES = 3;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const skip = process.env.CLUSTER_TESTS === '1' ? false : 'the cluster end-to-end test runs with CLUSTER_TESTS=1 (PostgreSQL and Redis on loopback, nginx)';


function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A first port with `count` free ports from it, below the range of the system's outgoing ports. */
async function freePorts(count: number): Promise<number> {
  for (;;) {
    const base = 20_000 + crypto.randomInt(12_000);
    let ok = true;
    for (let i = 0; i < count && ok; i++) ok = await portFree(base + i);
    if (ok) return base;
  }
}

/** Polls until check() is truthy, or fails saying what did not happen. */
async function until<T>(check: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface Cluster {
  url: string;
  /** Where the nodes' logs are. */
  runDir: string;
  wsUrl: string;
  nodes: Map<string, { pid: number; port: number }>;
  process: ChildProcess;
  output(): string;
}

function startCluster(env: Record<string, string>): Promise<Cluster> {
  const child = spawn('bash', [CLUSTER_SH, String(NODES)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not start:\n${out}`)), 180_000);
    child.on('exit', (code) => reject(new Error(`cluster.sh exited (${code}):\n${out}`)));
    child.stdout.on('data', () => {
      const ready = /^ready (\S+)$/m.exec(out);
      if (!ready) return;
      clearTimeout(timer);
      const nodes = new Map<string, { pid: number; port: number }>();
      for (const m of out.matchAll(/^node (\S+) (\d+) (\d+)$/gm)) nodes.set(m[1], { pid: Number(m[2]), port: Number(m[3]) });
      resolve({ url: ready[1], runDir: /^run directory (\S+)$/m.exec(out)![1], wsUrl: ready[1].replace(/^http/, 'ws'), nodes, process: child, output: () => out });
    });
  });
}

/** A signed-in user whose socket goes through nginx, and comes back through it when the connection is lost. */
class Peer {
  readonly name: string;
  readonly token: string;
  readonly userId: string;
  readonly cluster: Cluster;
  ws!: WebSocket;
  /** The node the current connection reached (nginx passes the node's X-Node header on). */
  node = '';
  /** Nodes of every connection, in order. */
  readonly nodes: string[] = [];
  readonly received: Msg[] = [];
  /** Close codes of the connections that ended. */
  readonly closeCodes: number[] = [];
  channelId: string | undefined;
  private cid = 0;
  private readonly answers = new Map<string, { resolve: (m: Msg) => void; reject: (e: Error) => void }>();
  private stopped = false;
  private reconnecting: Promise<void> | undefined;

  constructor(cluster: Cluster, name: string, token: string, userId: string) {
    this.cluster = cluster;
    this.name = name;
    this.token = token;
    this.userId = userId;
  }

  get reconnected(): boolean {
    return this.nodes.length > 1;
  }

  /** Channel messages received, by message id: how many times each. */
  messageCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const m of this.received) {
      const id = (m.channel_message as { message_id?: string } | undefined)?.message_id;
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${this.cluster.wsUrl}/ws?token=${this.token}&status=true`);
      ws.on('upgrade', (res) => {
        this.node = String(res.headers['x-node'] ?? '');
        this.nodes.push(this.node);
      });
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as Msg;
        if (typeof m.cid === 'string' && this.answers.has(m.cid)) {
          const waiter = this.answers.get(m.cid)!;
          this.answers.delete(m.cid);
          if (m.error) waiter.reject(new Error(JSON.stringify(m.error)));
          else waiter.resolve(m);
          return;
        }
        this.received.push(m);
      });
      ws.on('open', () => {
        this.ws = ws;
        resolve();
      });
      ws.on('error', (err) => reject(err));
      ws.on('close', (code) => {
        if (this.ws !== ws) return;
        this.closeCodes.push(code);
        for (const w of this.answers.values()) w.reject(new Error('connection closed'));
        this.answers.clear();
        if (!this.stopped) this.reconnecting = this.reconnect();
      });
    });
  }

  /** Connects again through nginx (the dead node is skipped there) and joins the channel again. */
  private async reconnect(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await sleep(100);
      try {
        await this.connect();
        if (this.channelId) await this.request({ channel_join: { target: 'e2e-room', type: 1, persistence: true } });
        return;
      } catch (err) {
        if (attempt > 100) throw err;
      }
    }
  }

  /** Resolves once connected (again, after a lost connection). */
  async ready(): Promise<void> {
    while (this.reconnecting) {
      const r = this.reconnecting;
      await r;
      if (this.reconnecting === r) this.reconnecting = undefined;
    }
  }

  request(m: Msg): Promise<Msg> {
    const cid = String(++this.cid);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.answers.delete(cid);
        reject(new Error(`no answer to ${Object.keys(m)[0]}`));
      }, 10_000);
      this.answers.set(cid, {
        resolve: (a) => (clearTimeout(timer), resolve(a)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      if (this.ws.readyState !== WebSocket.OPEN) {
        this.answers.get(cid)!.reject(new Error('not connected'));
        this.answers.delete(cid);
        return;
      }
      this.ws.send(JSON.stringify({ cid, ...m }));
    });
  }

  async join(): Promise<void> {
    const joined = await this.request({ channel_join: { target: 'e2e-room', type: 1, persistence: true } });
    this.channelId = (joined.channel as { id: string }).id;
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

describe('three nodes behind nginx', { skip }, () => {
  let db: { url: string; drop: () => Promise<void> };
  const prefix = `tribuna-e2e:${crypto.randomUUID()}:`;
  let cluster: Cluster;
  const peers: Peer[] = [];
  const runDir = tempDir('tribuna-cluster-');

  before(async () => {
    db = await freshPostgres(PG_URL);
    // A port taken between the check and the start (another process) means a new try on other ports.
    for (let attempt = 1; ; attempt++) {
      const base = await freePorts(NODES);
      let listen = await freePorts(1);
      while (listen >= base && listen < base + NODES) listen = await freePorts(1);
      try {
        cluster = await startCluster({
          DATABASE_URL: db.url,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          RUN_DIR: runDir.dir,
          BASE_PORT: String(base),
          LISTEN_PORT: String(listen),
          WEB_DIST: 'none',
          RUNTIME_MODULES: 'none',
          LOG_LEVEL: 'info',
          DRAIN_TIMEOUT_MS: '2000',
          LIMIT_ACCOUNTS_PER_ADDRESS_HOUR: '1000000',
          METRICS_TOKEN,
        });
        return;
      } catch (err) {
        if (attempt >= 3 || !/EADDRINUSE|Address already in use/.test((err as Error).message)) throw err;
      }
    }
  });

  after(async () => {
    for (const p of peers) p.close();
    if (cluster && cluster.process.exitCode === null && cluster.process.signalCode === null) {
      const exited = new Promise((r) => cluster.process.once('exit', r));
      cluster.process.kill('SIGTERM');
      await exited;
    }
    runDir.remove();
    await db?.drop();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });

  async function signUp(name: string): Promise<{ token: string; userId: string }> {
    const res = await fetch(`${cluster.url}/v2/account/authenticate/device?create=true&username=${name}`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('defaultkey:').toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: `device-${crypto.randomUUID()}` }),
    });
    assert.equal(res.status, 200);
    const { token } = (await res.json()) as { token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { uid: string };
    return { token, userId: claims.uid };
  }

  it('answers through nginx from every node, each ready with its database and Redis', async () => {
    assert.deepEqual([...cluster.nodes.keys()], ['node1', 'node2', 'node3']);
    for (const [name, { port }] of cluster.nodes) {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { ready: true, node: name, draining: false, checks: { database: 'ok', redis: 'ok' } });
    }
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) seen.add(((await (await fetch(`${cluster.url}/healthz`)).json()) as { node: string }).node);
    assert.deepEqual([...seen].sort(), ['node1', 'node2', 'node3']);
  });

  it('spreads clients over the nodes and delivers chat, status and notifications across them', async () => {
    // Clients connect through nginx until every node has two.
    const perNode = () => {
      const m = new Map<string, Peer[]>();
      for (const p of peers) m.set(p.node, [...(m.get(p.node) ?? []), p]);
      return m;
    };
    for (let i = 0; [...cluster.nodes.keys()].some((n) => (perNode().get(n)?.length ?? 0) < 2); i++) {
      assert.ok(i < 20, 'nginx spreads the sockets over the nodes');
      const { token, userId } = await signUp(`player${i}`);
      const peer = new Peer(cluster, `player${i}`, token, userId);
      await peer.connect();
      peers.push(peer);
    }
    for (const p of peers) await p.join();

    const [a, b, c] = ['node1', 'node2', 'node3'].map((n) => perNode().get(n)![0]);
    // A room message from node1 reaches node2 and node3.
    const ack = await a.request({ channel_message_send: { channel_id: a.channelId, content: '{"text":"Всем привет"}' } });
    const id = (ack.channel_message_ack as { message_id: string }).message_id;
    for (const p of [b, c]) await until(() => p.messageCounts().get(id), `the message on ${p.node}`);

    // A status set on node1 reaches a follower on node3.
    await c.request({ status_follow: { user_ids: [a.userId] } });
    await a.request({ status_update: { status: 'на матче' } });
    await until(() => c.received.some((m) => (m.status_presence_event as { joins?: Array<{ user_id: string; status?: string }> } | undefined)?.joins?.some((j) => j.user_id === a.userId && j.status === 'на матче')), 'the status on node3');

    // A friend request made through any node notifies the user on node1 at once.
    const res = await fetch(`${cluster.url}/v2/friend?ids=${a.userId}`, { method: 'POST', headers: { Authorization: `Bearer ${b.token}` } });
    assert.equal(res.status, 200);
    await until(() => a.received.some((m) => (m.notifications as { notifications?: Array<{ sender_id?: string }> } | undefined)?.notifications?.some((n) => n.sender_id === b.userId)), 'the notification on node1');
  });

  it("serves each node's own metrics at its own address, labelled with its name; nginx never hands them out", async () => {
    const auth = { Authorization: `Bearer ${METRICS_TOKEN}` };
    for (const [name, { port }] of cluster.nodes) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth });
      assert.equal(res.status, 200);
      const body = await res.text();
      // The chat of the test before crossed the nodes through Redis: each published and received.
      for (const counter of ['tribuna_bus_messages_published_total', 'tribuna_bus_messages_received_total']) {
        const value = Number(new RegExp(`^${counter}\\{node="${name}"\\} (\\S+)$`, 'm').exec(body)?.[1]);
        assert.ok(value > 0, `${counter} of ${name}: ${value}`);
      }
      const sockets = Number(new RegExp(`^tribuna_sockets\\{node="${name}"\\} (\\S+)$`, 'm').exec(body)?.[1]);
      assert.ok(sockets >= 2, `sockets of ${name}: ${sockets}`);
      const others = new Set([...body.matchAll(/node="([^"]*)"/g)].map((m) => m[1]).filter((n) => n !== name));
      assert.deepEqual([...others], [], `series of other nodes in ${name}'s metrics`);
    }
    const proxied = await fetch(`${cluster.url}/metrics`, { headers: auth });
    assert.equal(proxied.status, 404);
    assert.doesNotMatch(await proxied.text(), /tribuna_/);
  });

  it('loses no acknowledged message when a node is killed mid-conversation; its clients come back through nginx', async () => {
    const victim = 'node2';
    const onVictim = peers.filter((p) => p.node === victim);
    assert.ok(onVictim.length >= 2);
    const acked: Array<{ id: string; sender: Peer; node: string }> = [];
    let killed = false;
    const ROUNDS = 12;

    async function talk(p: Peer): Promise<void> {
      for (let i = 0; i < ROUNDS; i++) {
        await p.ready();
        const node = p.node;
        try {
          const ack = await p.request({ channel_message_send: { channel_id: p.channelId, content: JSON.stringify({ text: `${p.name}: ${i}` }) } });
          acked.push({ id: (ack.channel_message_ack as { message_id: string }).message_id, sender: p, node });
        } catch {
          // Not acknowledged (the node died under it): the client may not count on it.
        }
        if (!killed && acked.length >= peers.length * 3) {
          killed = true;
          process.kill(cluster.nodes.get(victim)!.pid, 'SIGKILL');
        }
        await sleep(30);
      }
    }
    await Promise.all(peers.map(talk));
    assert.ok(killed, 'the node was killed mid-conversation');

    // Every client of the killed node reconnected through nginx, to another node.
    for (const p of onVictim) {
      await p.ready();
      assert.ok(p.reconnected, `${p.name} reconnected`);
      assert.notEqual(p.node, victim);
    }
    const stayed = peers.filter((p) => !p.reconnected);
    assert.ok(stayed.length >= 4);
    // Messages acknowledged after the reconnect were sent through the other nodes.
    for (const p of onVictim) assert.ok(acked.some((m) => m.sender === p && m.node !== victim), `${p.name} talked again after reconnecting`);

    // Every message acknowledged by a living node reaches every client that stayed connected, once.
    const viaLiving = acked.filter((m) => m.node !== victim).map((m) => m.id);
    for (const p of stayed) {
      await until(() => viaLiving.every((id) => p.messageCounts().has(id)), `every message on ${p.name}`);
    }
    // Nothing twice to a client that did not reconnect.
    await sleep(500);
    for (const p of stayed) {
      const twice = [...p.messageCounts()].filter(([, n]) => n > 1);
      assert.deepEqual(twice, [], `${p.name} got no message twice`);
    }

    // Every acknowledged message is in the history.
    const channelId = peers[0].channelId!;
    const history = new Set<string>();
    let cursor = '';
    for (;;) {
      const res = await fetch(`${cluster.url}/v2/channel/${encodeURIComponent(channelId)}?limit=100&forward=true${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: { Authorization: `Bearer ${stayed[0].token}` },
      });
      assert.equal(res.status, 200);
      const page = (await res.json()) as { messages?: Array<{ message_id: string }>; next_cursor?: string };
      for (const m of page.messages ?? []) history.add(m.message_id);
      if (!page.next_cursor || !page.messages?.length) break;
      cursor = page.next_cursor;
    }
    const missing = acked.filter((m) => !history.has(m.id));
    assert.deepEqual(missing.map((m) => m.id), [], 'every acknowledged message is in the history');
    assert.ok(acked.length > peers.length * ROUNDS / 2);
  });

  it('sends the clients of a node stopped with SIGTERM to the others at once (1012); the node leaves the cluster', async () => {
    const victim = 'node3';
    // Clients through nginx until the node has one (nginx balances over the living nodes).
    for (let i = 0; !peers.some((p) => p.node === victim); i++) {
      assert.ok(i < 10, 'nginx sends a socket to the node');
      const { token, userId } = await signUp(`late${i}`);
      const peer = new Peer(cluster, `late${i}`, token, userId);
      await peer.connect();
      await peer.join();
      peers.push(peer);
    }
    const onVictim = peers.filter((p) => p.node === victim);
    const before = new Map(onVictim.map((p) => [p, p.nodes.length]));

    process.kill(cluster.nodes.get(victim)!.pid, 'SIGTERM');
    for (const p of onVictim) {
      await until(() => p.nodes.length > before.get(p)!, `${p.name} connected again`);
      await p.ready();
      assert.equal(p.closeCodes.at(-1), 1012);
      assert.equal(p.node, 'node1');
    }
    // The node said so and exited, and left the cluster at once: not after its heartbeat lapsed.
    await until(() => /"msg":"stopped"/.test(fs.readFileSync(path.join(cluster.runDir, `${victim}.log`), 'utf8')), 'the node to stop');
    const r = new Redis(REDIS_URL);
    try {
      assert.ok(!(await r.smembers(`${prefix}nodes`)).includes(victim));
    } finally {
      await r.quit();
    }

    // They talk on: a message of one reaches a client that never moved.
    const stayed = peers.find((p) => !p.reconnected)!;
    const ack = await onVictim[0].request({ channel_message_send: { channel_id: onVictim[0].channelId, content: '{"text":"Мы снова здесь"}' } });
    const id = (ack.channel_message_ack as { message_id: string }).message_id;
    await until(() => stayed.messageCounts().get(id) === 1, 'the message after the move');
  });
});
