// The matchmaker of a cluster, on real Redis (skipped, saying so, when none answers): every node's
// tickets are matched together, and a ticket is never matched twice, even when two nodes match the
// same pool at the same moment (as while the lease passes from one to the other).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, describe, it } from 'node:test';
import { createLogger } from '../log.ts';
import { countingSerializers, FakeSession } from '../testing/fake-sessions.ts';
import { RedisBus } from '../realtime/redis-bus.ts';
import { Matches } from './matches.ts';
import { Matchmaker } from './matchmaker.ts';
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL as REDIS_URL } from '../testing/cluster.ts';

const skip = (await redisAnswers()) ? false : `Redis does not answer at ${REDIS_URL}: cluster matchmaker tests skipped`;
if (skip) console.log(`# ${skip}`);
const prefix = `tribuna-test:${crypto.randomUUID()}:`;

after(async () => {
  if (!skip) await dropRedisKeys(prefix);
});

/** A node: its bus and its matchmaker (not started: the test runs the passes). */
async function node(name: string): Promise<{ bus: RedisBus; mm: Matchmaker }> {
  const bus = await RedisBus.connect({ url: REDIS_URL, serializers: countingSerializers().serializers, node: name, prefix });
  const mm = new Matchmaker(bus, { intervalMs: 1000, maxIntervals: 3, maxTickets: 3 }, new Matches(bus, 'test-key-test-key'), createLogger('silent'));
  return { bus, mm };
}

/** The matchmaker_matched envelopes a session received. */
const matched = (s: FakeSession) => s.received.filter((m) => m.matchmaker_matched);

async function eventually(check: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the matchmaker of a cluster', { skip }, () => {
  it('matches tickets of several nodes, each once, even with two nodes matching at once', async () => {
    const a = await node('mm-a');
    const b = await node('mm-b');
    try {
      const players: FakeSession[] = [];
      for (let i = 0; i < 40; i++) {
        const n = i % 2 ? b : a;
        const s = new FakeSession(`player-${i}`);
        n.bus.attach(s);
        players.push(s);
        n.mm.add({
          presences: [{ userId: s.userId, sessionId: s.id, username: s.username }],
          query: '+properties.mode:duel', minCount: 2, maxCount: 2, stringProperties: { mode: 'duel' }, numericProperties: {},
        });
      }
      await eventually(() => a.bus.peers().includes('mm-b') && b.bus.peers().includes('mm-a'), 'each node knowing the other');
      // Both nodes match the whole pool at the same moment, as two lease holders would.
      const gather = (n: { mm: Matchmaker }) => (n.mm as unknown as { gather(): Promise<never[]> }).gather();
      const [fromB, fromA] = await Promise.all([gather(a), gather(b)]);
      assert.equal(fromB.length, 20, "a sees b's tickets");
      assert.equal(fromA.length, 20, "b sees a's tickets");
      await Promise.all([a.mm.process(fromB), b.mm.process(fromA)]);
      await eventually(() => players.every((p) => matched(p).length >= 1), 'every player matched');
      await new Promise((r) => setTimeout(r, 200));
      for (const p of players) assert.equal(matched(p).length, 1, `${p.userId} matched once`);
      // Pairs are consistent: each player's match names it and one other player, who names it back.
      const partner = new Map<string, string>();
      for (const p of players) {
        const users = (matched(p)[0].matchmaker_matched as { users: Array<{ presence: { user_id: string } }> }).users.map((u) => u.presence.user_id);
        assert.equal(users.length, 2);
        assert.ok(users.includes(p.userId));
        partner.set(p.userId, users.find((u) => u !== p.userId)!);
      }
      for (const [u, v] of partner) assert.equal(partner.get(v), u);
      assert.equal(a.mm.size + b.mm.size, 0, 'no ticket left');
    } finally {
      await Promise.all([a.bus.close(), b.bus.close()]);
    }
  });

  it('gives the matching to one node at a time: the lease holder', async () => {
    const a = await node('lease-a');
    const b = await node('lease-b');
    try {
      const sa = new FakeSession('lease-u1');
      const sb = new FakeSession('lease-u2');
      a.bus.attach(sa);
      b.bus.attach(sb);
      for (const [n, s] of [[a, sa], [b, sb]] as const) {
        n.mm.add({ presences: [{ userId: s.userId, sessionId: s.id, username: s.username }], query: '*', minCount: 2, maxCount: 2, stringProperties: {}, numericProperties: {} });
      }
      await eventually(() => a.bus.peers().includes('lease-b') && b.bus.peers().includes('lease-a'), 'each node knowing the other');
      const holder = await a.bus.lease('matchmaker', 3000) ? a : b;
      const other = holder === a ? b : a;
      assert.equal(await other.bus.lease('matchmaker', 3000), false);
      const interval = (n: { mm: Matchmaker }) => (n.mm as unknown as { interval(): Promise<void> }).interval();
      await interval(other);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(matched(sa).length + matched(sb).length, 0, 'the node without the lease matches nothing');
      await interval(holder);
      await eventually(() => matched(sa).length === 1 && matched(sb).length === 1, 'both matched by the holder');
    } finally {
      await Promise.all([a.bus.close(), b.bus.close()]);
    }
  });
});
