// The cluster bus against a real Redis on loopback (skipped, saying so, when none answers): the bus
// contract with three nodes in this process, each with its own connections, and what only a cluster has.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { busContract } from '../testing/bus-contract.ts';
import { countingSerializers, FakeSession } from '../testing/fake-sessions.ts';
import type { Serializers } from './bus.ts';
import { RedisBus, type RedisBusOptions } from './redis-bus.ts';
import { stream, StreamMode, type Stream, type TrackedPresence } from './tracker.ts';
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL as REDIS_URL } from '../testing/cluster.ts';

const available = await redisAnswers();
const skip = available ? false : `Redis does not answer at ${REDIS_URL}: cluster bus tests skipped`;
if (skip) console.log(`# ${skip}`);

/** A prefix of its own for each cluster, removed afterwards. */
const prefixes: string[] = [];
function freshPrefix(): string {
  const p = `tribuna-test:${crypto.randomUUID()}:`;
  prefixes.push(p);
  return p;
}

after(async () => {
  if (available) await dropRedisKeys(...prefixes);
});

async function cluster(n: number, serializers: Serializers, extra: Partial<RedisBusOptions> = {}): Promise<RedisBus[]> {
  const prefix = freshPrefix();
  const nodes: RedisBus[] = [];
  for (let i = 0; i < n; i++) nodes.push(await RedisBus.connect({ url: REDIS_URL, serializers, node: `node-${i + 1}`, prefix, ...extra }));
  return nodes;
}

async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

if (available) {
  busContract('RedisBus, three nodes', async (serializers) => {
    const nodes = await cluster(3, serializers);
    return { nodes, close: async () => void (await Promise.all(nodes.map((b) => b.close()))) };
  });
}

describe('RedisBus', { skip }, () => {
  it('loads the presences of the nodes already there when it starts', async () => {
    const { serializers } = countingSerializers();
    const [a] = await cluster(1, serializers);
    const s = stream(StreamMode.Channel, '', '', 'snapshot');
    const x = new FakeSession('u1');
    a.attach(x);
    a.presences.track(x.id, s, 'u1', { username: 'anna' });
    await new Promise((r) => setTimeout(r, 50));
    const prefix = prefixes[prefixes.length - 1];
    const b = await RedisBus.connect({ url: REDIS_URL, serializers, node: 'late', prefix });
    try {
      assert.equal(b.presences.list(s).length, 1);
      assert.equal(b.isOnline('u1'), true);
      b.sendToStream(s, { ping: {} });
      await eventually(() => x.frames.length === 1, 'delivery from the late node');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('removes the presences of a node whose heartbeat lapsed, everywhere, reporting the leaves once', async () => {
    const { serializers } = countingSerializers();
    const opts = { heartbeatMs: 100, heartbeatTtlMs: 400 };
    const [a, b, dead] = await cluster(3, serializers, opts);
    const s = stream(StreamMode.Channel, '', '', 'lapse');
    const leaves: TrackedPresence[] = [];
    for (const node of [a, b]) node.onPresence((_s: Stream, _j, l) => leaves.push(...l));
    const x = new FakeSession('victim');
    dead.attach(x);
    dead.presences.track(x.id, s, 'victim', { username: 'victim' });
    await eventually(() => a.presences.count(s) === 1 && b.presences.count(s) === 1 && a.isOnline('victim'), 'the presence everywhere');
    // The node stops beating and listening without leaving, as a killed process would.
    const inside = dead as unknown as { heartbeat: NodeJS.Timeout; link: { cmd: Redis; sub: Redis } };
    clearInterval(inside.heartbeat);
    inside.link.cmd.disconnect();
    inside.link.sub.disconnect();
    try {
      await eventually(() => a.presences.count(s) === 0 && b.presences.count(s) === 0, 'the presence removed everywhere');
      assert.equal(a.isOnline('victim'), false);
      assert.equal(b.isOnline('victim'), false);
      await eventually(() => leaves.length === 1, 'the leave');
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(leaves.map((p) => p.sessionId), [x.id], 'reported once');
      await assert.rejects(a.call('node-3', 'anything', {}), (e: Error & { code?: number }) => e.code === 5);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('makes up for what it missed while its connection to Redis was down', async () => {
    const { serializers } = countingSerializers();
    const [a, b] = await cluster(2, serializers);
    try {
      const s = stream(StreamMode.Channel, '', '', 'reconnect');
      const x = new FakeSession('u1');
      const sub = (a as unknown as { link: { sub: Redis } }).link.sub;
      const back = new Promise((r) => sub.once('ready', r));
      sub.disconnect(true);
      b.attach(x);
      b.presences.track(x.id, s, 'u1', { username: 'anna' });
      await back;
      await eventually(() => a.presences.count(s) === 1 && a.isOnline('u1'), 'the presence made while disconnected');
      a.sendToStream(s, { ping: {} });
      await eventually(() => x.frames.length === 1, 'delivery after the reconnection');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('gives a lease to one node at a time, and to another once its holder leaves', async () => {
    const { serializers } = countingSerializers();
    const [a, b] = await cluster(2, serializers);
    try {
      assert.equal(await a.lease('test.lease', 5000), true);
      assert.equal(await b.lease('test.lease', 5000), false);
      assert.equal(await a.lease('test.lease', 5000), true, 'kept by its holder');
      await a.close();
      assert.equal(await b.lease('test.lease', 5000), true, 'given up when the holder left');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('does not start under the name of a running node, but takes over the name of one that stopped beating', async () => {
    const { serializers } = countingSerializers();
    const opts = { heartbeatMs: 100, heartbeatTtlMs: 400 };
    const [first] = await cluster(1, serializers, opts);
    const prefix = prefixes.at(-1)!;
    const again = () => RedisBus.connect({ url: REDIS_URL, serializers, node: 'node-1', prefix, ...opts });
    try {
      await assert.rejects(again(), (e: Error) => /NODE_NAME "node-1" is taken by a running node/.test(e.message));
      assert.equal(first.peers().length, 0);
      // Killed: its heartbeat is left to lapse, and a new process under the name starts once it has.
      const inside = first as unknown as { heartbeat: NodeJS.Timeout; link: { cmd: Redis; sub: Redis } };
      clearInterval(inside.heartbeat);
      inside.link.cmd.disconnect();
      inside.link.sub.disconnect();
      const restarted = await again();
      await restarted.close();
    } finally {
      await first.close();
    }
  });

  it('says which Redis it could not join', async () => {
    const { serializers } = countingSerializers();
    await assert.rejects(
      RedisBus.connect({ url: 'redis://:secret@127.0.0.1:1/0', serializers, node: 'nowhere', prefix: freshPrefix() }),
      (e: Error) => /Redis at redis:\/\/127\.0\.0\.1:1\/0 \(REDIS_URL\) could not be joined/.test(e.message) && !e.message.includes('secret'),
    );
  });

  it('sends the presence changes of one turn of the event loop as one message, ahead of any message after them', async () => {
    const { serializers } = countingSerializers();
    const prefix = freshPrefix();
    const a = await RedisBus.connect({ url: REDIS_URL, serializers, node: 'node-1', prefix });
    const listener = new Redis(REDIS_URL);
    try {
      const heard: Array<{ k: string; c?: unknown[] }> = [];
      listener.on('message', (_channel: string, message: string) => heard.push(JSON.parse(message)));
      await listener.subscribe(`${prefix}bus`);
      const s = stream(StreamMode.Channel, '', '', 'burst');
      // Twenty sockets arriving in one turn (as upgrades handled in one poll phase), then a message to the
      // stream they joined, from a later callback of the same turn.
      await new Promise<void>((resolve) => {
        for (let i = 0; i < 20; i++) {
          setImmediate(() => {
            const x = new FakeSession(`u${i}`);
            a.attach(x);
            a.presences.track(x.id, s, `u${i}`, { username: `user${i}` });
          });
        }
        setImmediate(() => {
          a.sendToStream(s, { channel_message: { content: '{}' } });
          resolve();
        });
      });
      await eventually(() => heard.some((m) => m.k === 's'), 'the stream message');
      const kinds = heard.map((m) => m.k);
      assert.deepEqual(kinds, ['p', 's']);
      // Each socket's notification stream and the channel: 40 changes in the one message.
      assert.equal(heard[0].c?.length, 40);
    } finally {
      listener.disconnect();
      await a.close();
    }
  });

  it('counts the messages each node publishes and receives, once given a meter', async () => {
    const { serializers } = countingSerializers();
    const [a, b] = await cluster(2, serializers);
    try {
      const counts = (bus: RedisBus) => {
        const c = { published: 0, received: 0 };
        bus.meter = { published: () => c.published++, received: () => c.received++ };
        return c;
      };
      const ca = counts(a);
      const cb = counts(b);
      const x = new FakeSession('u-metered');
      b.attach(x);
      a.sendToUser('u-metered', { notifications: {} });
      await eventually(() => x.frames.length === 1, 'the delivery on the other node');
      assert.ok(ca.published >= 1, `published by a: ${ca.published}`);
      assert.ok(cb.received >= 1, `received by b: ${cb.received}`);
      a.meter = undefined;
      const before = ca.published;
      a.sendToUser('u-metered', { notifications: {} });
      await eventually(() => x.frames.length === 2, 'the second delivery');
      assert.equal(ca.published, before);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('shares limit counters between nodes', async () => {
    const { serializers } = countingSerializers();
    const [a, b] = await cluster(2, serializers);
    try {
      const la = a.limits.window('test.codes', 2, 60_000);
      const lb = b.limits.window('test.codes', 2, 60_000);
      assert.equal(await la.hit('mail@example.org'), true);
      assert.equal(await lb.hit('mail@example.org'), true);
      assert.equal(await la.hit('mail@example.org'), false);
      assert.equal(await lb.blocked('mail@example.org'), true);
      assert.ok((await lb.retryAfter('mail@example.org')) > 0);
      assert.throws(() => a.limits.window('test.codes', 3, 60_000), /already defined/);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
