// Two nodes of a cluster on one PostgreSQL database and one Redis: the room chat with its receivers spread
// over both, and idle sockets split between them (each node's memory per socket it holds).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, ROOT, runLoad, sleep, startChild, type Child } from './lib.ts';
import { deviceTokens } from './load/sessions.ts';

const CHAT = path.join(ROOT, 'bench/load/chat.ts');

export interface ClusterBenchOptions {
  P: { chatReceivers: number; chatMessages: number; idle: number };
  phase: (what: string) => void;
  /** Starts a server file as a child the run stops at its end. */
  start: (file: string, env?: Record<string, string>, nodeArgs?: string[]) => Promise<Child>;
  /** The room chat's load, as run against one node. */
  chatArgs: Record<string, unknown>;
  /** One node's deliveries per second, to compare with. */
  oneNodePerSecond: number;
  raw: Record<string, unknown>;
}

const CLUSTER_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLUSTER_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a TCP port on loopback accepts connections. */
function listening(url: string, defaultPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(u.port || defaultPort), u.hostname);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The chat fan-out and idle sockets over two cluster nodes; `skipped` (saying why) without PostgreSQL or Redis. */
export async function clusterBench(o: ClusterBenchOptions): Promise<{ chat: Record<string, number>; perSocket: number } | { skipped: string }> {
  const { P, phase, start, raw } = o;
  if (!(await listening(CLUSTER_DATABASE_URL, 5432)) || !(await listening(CLUSTER_REDIS_URL, 6379))) {
    const clusterSkipped = `skipped: PostgreSQL (${new URL(CLUSTER_DATABASE_URL).host}) or Redis (${new URL(CLUSTER_REDIS_URL).host}) does not answer`;
    console.log(`  cluster ${clusterSkipped}`);
    return { skipped: clusterSkipped };
  }
  const db = await freshDatabase(CLUSTER_DATABASE_URL, `tribuna_bench_cluster_${process.pid}`);
  const prefix = `tribuna-bench:${process.pid}:`;
  const node = (n: string, seed: boolean) => start('bench/servers/tribuna.ts', {
    BENCH_WEB_DIST: 'none', BENCH_TEAMS: '10',
    BENCH_CLUSTER: JSON.stringify({ databaseUrl: db.url, redisUrl: CLUSTER_REDIS_URL, prefix, node: n, seed }),
  }, ['--expose-gc']);
  try {
    const a = await node('bench-a', true);
    const b = await node('bench-b', false);
    const ports = [Number(a.info.port), Number(b.info.port)];
    phase(`cluster: room chat, ${P.chatReceivers} receivers over 2 nodes, ${P.chatMessages} messages`);
    const chat = await runLoad(CHAT, { mode: 'tribuna', port: ports[0], ports, ...o.chatArgs });
    console.log(`  2 nodes: ${Math.round(chat.perSecond)} deliveries/s (one node: ${Math.round(o.oneNodePerSecond)})`);

    phase(`cluster: idle sockets, ${P.idle} sessions over 2 nodes`);
    const half = Math.floor(P.idle / 2);
    // Each half signs in on the node its sockets go to, as clients behind a load balancer would, so each
    // node has served the same work before its memory is read (as the one-node figure's node has).
    const idlePrefix = `cluster-idle-${Date.now()}`;
    const tokens = (await Promise.all(ports.map((port, i) => deviceTokens(`http://127.0.0.1:${port}`, half, `${idlePrefix}-${i}`)))).flat();
    const mem = (port: number) => fetch(`http://127.0.0.1:${port}/v2/rpc/bench_memory?http_key=defaulthttpkey`)
      .then((r) => r.json()).then((j) => JSON.parse(j.payload) as { rss: number; heapUsed: number; external: number });
    const before = await Promise.all(ports.map(mem));
    const holders: Child[] = [];
    for (const [i, port] of ports.entries()) {
      const file = path.join(os.tmpdir(), `tribuna-bench-cluster-idle-${process.pid}-${i}.json`);
      fs.writeFileSync(file, JSON.stringify(tokens.slice(i * half, (i + 1) * half)));
      holders.push(await startChild(path.join(ROOT, 'bench/load/idle.ts'), [JSON.stringify({ port, tokensFile: file })]));
      fs.rmSync(file, { force: true });
    }
    await sleep(1500);
    const after = await Promise.all(ports.map(mem));
    await Promise.all(holders.map((h) => h.stop()));
    const perNode = ports.map((_, i) => Math.max(
      (after[i].rss - before[i].rss) / half,
      (after[i].heapUsed + after[i].external - before[i].heapUsed - before[i].external) / half,
    ));
    console.log(`  ${perNode.map((x) => (x / 1024).toFixed(1)).join(' and ')} KB per session held, on each node`);
    raw.cluster = { chat, idle: { sockets: half * 2, before, after, perNode } };
    await Promise.all([a.stop(), b.stop()]);
    return { chat, perSocket: Math.max(...perNode) };
  } finally {
    await db.drop();
  }
}
