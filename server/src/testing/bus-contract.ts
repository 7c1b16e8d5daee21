// The contract every Bus keeps, as a test suite: run it with a factory of one implementation
// (`busContract('LocalBus', ...)` in local-bus.test.ts). A cluster bus's factory returns several nodes
// sharing one backend: sessions are attached to the first node and to the last, sends and changes made
// on the other one, so the same tests check delivery across nodes. Waits are "eventually", for
// implementations that deliver asynchronously.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { AppError, Code } from '../errors.ts';
import type { Bus, Revocation, Serializers, WireFormat } from '../realtime/bus.ts';
import { stream, StreamMode, type Stream, type TrackedPresence } from '../realtime/tracker.ts';
import { countingSerializers, FakeSession } from './fake-sessions.ts';

export interface BusFixture {
  /** The nodes of one cluster (one node for an in-process bus), each made with the given serializers. */
  nodes: Bus[];
  close(): Promise<void>;
}

/** Resolves once check() holds; fails after timeoutMs. */
async function eventually(check: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Lets pending deliveries arrive, for checks that something was not delivered. */
function settle(): Promise<void> {
  return new Promise((r) => setTimeout(r, 50));
}

interface PresenceEvent {
  stream: Stream;
  joins: TrackedPresence[];
  leaves: TrackedPresence[];
}

export function busContract(name: string, make: (serializers: Serializers) => Promise<BusFixture>): void {
  describe(`Bus contract: ${name}`, () => {
    let fixture: BusFixture;
    let calls: Record<WireFormat, number>;
    let first: Bus;
    let last: Bus;
    /** Presence events reported on any node. */
    let events: PresenceEvent[];
    /** Revocations reported, per node. */
    let revocations: Revocation[][];

    beforeEach(async () => {
      const counting = countingSerializers();
      calls = counting.calls;
      fixture = await make(counting.serializers);
      first = fixture.nodes[0];
      last = fixture.nodes[fixture.nodes.length - 1];
      events = [];
      revocations = fixture.nodes.map(() => []);
      fixture.nodes.forEach((node, i) => {
        node.onPresence((s, joins, leaves) => events.push({ stream: s, joins, leaves }));
        node.onRevoke((r) => revocations[i].push(r));
      });
    });
    afterEach(() => fixture.close());

    const room = (label: string) => stream(StreamMode.Channel, '', '', label);
    /** A session attached to a node and tracked (hidden) on a stream. */
    const member = (node: Bus, s: Stream, userId: string, format: WireFormat = 'json') => {
      const session = new FakeSession(userId, { format });
      node.attach(session);
      node.presences.track(session.id, s, userId, { username: session.username, hidden: true });
      return session;
    };

    describe('delivery', () => {
      it('reaches every session on a stream, on every node, except the one excluded', async () => {
        const s = room('delivery');
        const a = member(first, s, 'u1');
        const b = member(last, s, 'u2');
        const c = member(last, s, 'u3');
        const outsider = member(first, room('other'), 'u4');
        first.sendToStream(s, { channel_message: { content: 'one' } }, c.id);
        await eventually(() => a.frames.length === 1 && b.frames.length === 1, 'delivery to the stream');
        await settle();
        assert.deepEqual(a.received, [{ channel_message: { content: 'one' } }]);
        assert.deepEqual(b.received, [{ channel_message: { content: 'one' } }]);
        assert.equal(c.frames.length, 0);
        assert.equal(outsider.frames.length, 0);
      });

      it('serialises an envelope once per wire format on each node, however many receive it', async () => {
        const s = room('fan-out');
        const receivers: FakeSession[] = [];
        for (let i = 0; i < 100; i++) receivers.push(member(i % 2 ? first : last, s, `u${i}`, i % 4 < 2 ? 'json' : 'protobuf'));
        first.sendToStream(s, { channel_message: { content: 'goal' } });
        await eventually(() => receivers.every((r) => r.frames.length === 1), 'delivery to 100 sessions');
        for (const r of receivers) {
          assert.deepEqual(r.received, [{ channel_message: { content: 'goal' } }]);
          assert.equal(typeof r.frames[0] === 'string', r.format === 'json');
        }
        assert.ok(calls.json >= 1 && calls.json <= fixture.nodes.length, `json serialised ${calls.json} times`);
        assert.ok(calls.protobuf >= 1 && calls.protobuf <= fixture.nodes.length, `protobuf serialised ${calls.protobuf} times`);
      });

      it('reaches every socket of a user, on every node, and no one else', async () => {
        const one = new FakeSession('alice');
        const two = new FakeSession('alice', { format: 'protobuf' });
        const other = new FakeSession('bob');
        first.attach(one);
        last.attach(two);
        first.attach(other);
        last.sendToUser('alice', { notifications: { notifications: [{ subject: 'hi' }] } });
        await eventually(() => one.frames.length === 1 && two.frames.length === 1, 'delivery to the user');
        await settle();
        assert.deepEqual(two.received, [{ notifications: { notifications: [{ subject: 'hi' }] } }]);
        assert.equal(other.frames.length, 0);
      });

      it('reaches the sessions named, wherever they are, and skips unknown ones', async () => {
        const a = new FakeSession('u1');
        const b = new FakeSession('u2');
        const c = new FakeSession('u3');
        first.attach(a);
        last.attach(b);
        last.attach(c);
        first.sendToSessions([a.id, b.id, 'no-such-session'], { ping: {} });
        await eventually(() => a.frames.length === 1 && b.frames.length === 1, 'delivery to sessions');
        await settle();
        assert.equal(c.frames.length, 0);
      });

      it('forgets a detached session: nothing reaches it and its user goes offline', async () => {
        const s = room('detach');
        const a = member(last, s, 'carol');
        await eventually(() => first.isOnline('carol') && last.isOnline('carol'), 'carol online on every node');
        last.detach(a.id);
        await eventually(() => !first.isOnline('carol') && !last.isOnline('carol'), 'carol offline on every node');
        first.sendToStream(s, { ping: {} });
        first.sendToUser('carol', { ping: {} });
        await settle();
        assert.equal(a.frames.length, 0);
        assert.equal(first.presences.count(s), 0);
      });
    });

    describe('presence', () => {
      it('reports a join once, after the current turn, and shows the presence on every node', async () => {
        const s = room('presence');
        const a = new FakeSession('u1');
        first.attach(a);
        assert.equal(first.presences.track(a.id, s, 'u1', { username: 'anna', status: 'here' }), true);
        assert.equal(first.presences.track(a.id, s, 'u1', { username: 'anna' }), false);
        assert.equal(events.length, 0, 'reported in the same turn');
        await eventually(() => events.length === 1, 'the join');
        assert.deepEqual(events[0].stream, s);
        assert.deepEqual(events[0].joins.map((p) => [p.sessionId, p.userId, p.username, p.status]), [[a.id, 'u1', 'anna', 'here']]);
        assert.deepEqual(events[0].leaves, []);
        await eventually(() => last.presences.list(s).length === 1, 'the presence on the last node');
        assert.equal(last.presences.get(a.id, s)?.username, 'anna');
        assert.equal(last.presences.count(s), 1);
        assert.deepEqual(last.presences.sessionPresences(a.id, StreamMode.Channel).map((p) => p.stream), [s]);
        await settle();
        assert.equal(events.length, 1, 'reported once in the cluster');
      });

      it('reports no hidden presence, yet lists it when asked and delivers to it', async () => {
        const s = room('hidden');
        const a = member(first, s, 'u1');
        await settle();
        assert.equal(events.length, 0);
        assert.equal(last.presences.list(s).length, 0);
        await eventually(() => last.presences.list(s, true).length === 1, 'the hidden presence on the last node');
        last.sendToStream(s, { ping: {} });
        await eventually(() => a.frames.length === 1, 'delivery to a hidden presence');
      });

      it('reports an update as a leave of the old and a join of the new, and an untrack as a leave', async () => {
        const s = stream(StreamMode.Status, 'u1');
        const a = new FakeSession('u1');
        last.attach(a);
        last.presences.track(a.id, s, 'u1', { username: 'anna', status: '' });
        await eventually(() => events.length === 1, 'the join');
        last.presences.update(a.id, s, 'u1', { username: 'anna', status: 'busy' });
        await eventually(() => events.length === 2, 'the update');
        assert.deepEqual(events[1].joins.map((p) => p.status), ['busy']);
        assert.deepEqual(events[1].leaves.map((p) => p.status), ['']);
        assert.equal(last.presences.untrack(a.id, s), true);
        assert.equal(last.presences.untrack(a.id, s), false);
        await eventually(() => events.length === 3, 'the leave');
        assert.deepEqual(events[2].joins, []);
        assert.deepEqual(events[2].leaves.map((p) => p.status), ['busy']);
      });

      it('reports the leaves of a detached session and of a closed stream', async () => {
        const s = room('leaves');
        const a = new FakeSession('u1');
        const b = new FakeSession('u2');
        const c = new FakeSession('u3');
        for (const x of [a, b, c]) {
          last.attach(x);
          last.presences.track(x.id, s, x.userId, { username: x.username });
        }
        await eventually(() => events.reduce((n, e) => n + e.joins.length, 0) === 3, 'three joins');
        last.detach(a.id);
        await eventually(() => events.some((e) => e.leaves.some((p) => p.sessionId === a.id)), 'the leave of the detached session');
        first.presences.untrackStream(s);
        await eventually(() => events.reduce((n, e) => n + e.leaves.length, 0) === 3, 'the leaves of the closed stream');
        await eventually(() => first.presences.count(s) === 0 && last.presences.count(s) === 0, 'an empty stream on every node');
      });

      it('lists the streams of a mode that have presences, on every node', async () => {
        const m1 = stream(StreamMode.MatchRelayed, 'm1');
        const m2 = stream(StreamMode.MatchRelayed, 'm2');
        const a = member(first, m1, 'u1');
        member(last, m2, 'u2');
        member(last, room('not-a-match'), 'u3');
        const keys = (b: Bus) => b.presences.listStreams(StreamMode.MatchRelayed).map((x) => x.subject).sort();
        await eventually(() => keys(first).length === 2 && keys(last).length === 2, 'both matches on every node');
        assert.deepEqual(keys(first), ['m1', 'm2']);
        first.presences.untrack(a.id, m1);
        await eventually(() => keys(last).length === 1, 'the emptied match gone');
        assert.deepEqual(keys(first), ['m2']);
      });

      it('removes a presence of another node when asked (a kicked user leaves the group channel)', async () => {
        const s = stream(StreamMode.Group, 'g1');
        const a = member(last, s, 'u1');
        await eventually(() => first.presences.get(a.id, s) !== undefined, 'the presence on the first node');
        assert.equal(first.presences.untrack(a.id, s), true);
        await eventually(() => last.presences.get(a.id, s) === undefined, 'the presence gone from its node');
        first.sendToStream(s, { ping: {} });
        await settle();
        assert.equal(a.frames.length, 0);
      });
    });

    describe('services', () => {
      it('carry a plain JSON request to the node that serves it and its answer back', async () => {
        const seen: unknown[] = [];
        first.serve('contract.echo', async (request) => {
          seen.push(request);
          return { got: request, node: first.node };
        });
        const request = { op: 'join', party_id: `p.${first.node}`, presence: { user_id: 'u1', session_id: 's1', username: 'anna' }, n: 2, ok: true };
        assert.deepEqual(await last.call(first.node, 'contract.echo', request), { got: request, node: first.node });
        assert.deepEqual(seen, [request]);
      });

      it('reject with the handler\'s AppError, and with NotFound for an unknown node or service', async () => {
        first.serve('contract.refuse', async () => {
          throw new AppError(Code.FailedPrecondition, 'party full');
        });
        await assert.rejects(last.call(first.node, 'contract.refuse', {}), (e) => e instanceof AppError && e.code === Code.FailedPrecondition && e.message === 'party full');
        await assert.rejects(last.call(first.node, 'contract.none', {}), (e) => e instanceof AppError && e.code === Code.NotFound);
        await assert.rejects(last.call('no-such-node', 'contract.refuse', {}), (e) => e instanceof AppError && e.code === Code.NotFound);
      });
    });

    describe('revocation', () => {
      it('closes the sockets of one session token on every node, and only those', async () => {
        const a = new FakeSession('dan', { tid: 't1', exp: 2000 });
        const b = new FakeSession('dan', { tid: 't1', exp: 2000 });
        const refreshed = new FakeSession('dan', { tid: 't1', exp: 3000 });
        const other = new FakeSession('dan', { tid: 't2' });
        first.attach(a);
        last.attach(b);
        last.attach(refreshed);
        last.attach(other);
        first.revoke({ userId: 'dan', token: { id: 't1', kind: 'refresh', exp: 2000 } });
        first.revoke({ userId: 'dan', token: { id: 't1', kind: 'session', exp: 2000 } });
        await eventually(() => a.closed !== undefined && b.closed !== undefined, 'both sockets closed');
        assert.deepEqual(b.closed, { code: 4001, reason: 'Session token revoked' });
        await settle();
        assert.equal(refreshed.closed, undefined);
        assert.equal(other.closed, undefined);
      });

      it('closes the sockets issued up to a time, or every socket of the user', async () => {
        const old = new FakeSession('eve', { iat: 100 });
        const newer = new FakeSession('eve', { iat: 200 });
        const stranger = new FakeSession('frank', { iat: 100 });
        last.attach(old);
        first.attach(newer);
        last.attach(stranger);
        first.revoke({ userId: 'eve', issuedUpTo: 150 });
        await eventually(() => old.closed !== undefined, 'the older socket closed');
        await settle();
        assert.equal(newer.closed, undefined);
        last.revoke({ userId: 'eve' });
        await eventually(() => newer.closed !== undefined, 'every socket of the user closed');
        assert.deepEqual(newer.closed, { code: 4001, reason: 'Session ended' });
        assert.equal(stranger.closed, undefined);
      });

      it('reports each revocation to the listeners of every node once', async () => {
        const r: Revocation = { userId: 'gus', token: { id: 't9', kind: 'refresh', exp: 5000 } };
        first.revoke(r);
        last.revoke({ userId: 'gus', issuedUpTo: 42 });
        await eventually(() => revocations.every((got) => got.length === 2), 'the revocations on every node');
        await settle();
        // Revocations made on two nodes at once have no order in a cluster: each arrives once.
        const sorted = (rs: Revocation[]) => rs.map((x) => JSON.stringify(x)).sort();
        for (const got of revocations) assert.deepEqual(sorted(got), sorted([r, { userId: 'gus', issuedUpTo: 42 }]));
      });
    });

    describe('limits', () => {
      it('count hits in fixed windows per key, shared by every node', async () => {
        const t = 1_000_000;
        const a = first.limits.window('contract.window', 3, 60_000);
        const b = last.limits.window('contract.window', 3, 60_000);
        assert.equal(await a.hit('k', t), true);
        assert.equal(await b.hit('k', t + 1), true);
        assert.equal(await a.blocked('k', t + 2), false);
        assert.equal(await a.retryAfter('k', t + 2), 0);
        assert.equal(await b.hit('k', t + 2), true);
        assert.equal(await a.blocked('k', t + 3), true);
        assert.equal(await a.hit('k', t + 3), false);
        assert.equal(await b.retryAfter('k', t + 30_000), 30);
        assert.equal(await a.hit('other', t + 3), true, 'another key');
        assert.equal(await last.limits.window('contract.other', 3, 60_000).hit('k', t + 3), true, 'another limit');
        assert.equal(await b.hit('k', t + 60_000), true, 'a new window');
        await a.reset('k');
        assert.equal(await b.blocked('k', t + 60_001), false);
      });

      it('slow down failures after the free attempts, forget them on success, and undo one', async () => {
        const t = 2_000_000;
        const a = first.limits.backoff('contract.backoff', 2, 60_000, 4000);
        const b = last.limits.backoff('contract.backoff', 2, 60_000, 4000);
        assert.equal(await a.take('k', t), 0);
        assert.equal(await b.take('k', t), 0);
        assert.equal(await a.take('k', t), 0, 'the first delayed attempt goes ahead');
        assert.equal(await b.take('k', t + 500), 1, 'then waits a second');
        assert.equal(await b.take('k', t + 1000), 0);
        assert.equal(await a.take('k', t + 1000), 2, 'then two');
        await a.undo('k');
        assert.equal(await b.take('k', t + 3000), 0);
        assert.equal(await a.take('k', t + 3000), 2, 'the undone attempt did not lengthen the delay');
        await b.reset('k');
        assert.equal(await a.take('k', t + 3001), 0, 'forgotten after a success');
        assert.equal(await a.take('k2', t + 3001), 0, 'another key');
      });

      it('count rate limits per key, shared by every node, refusing past the points until the window ends', async () => {
        const a = first.limits.rate('contract.rate', 3, 60);
        const b = last.limits.rate('contract.rate', 3, 60);
        assert.deepEqual(await a.consume('k'), { allowed: true, retryAfterSec: 0 });
        assert.equal((await b.consume('k')).allowed, true);
        assert.equal((await a.consume('k')).allowed, true);
        const refused = await b.consume('k');
        assert.equal(refused.allowed, false);
        assert.ok(refused.retryAfterSec >= 1 && refused.retryAfterSec <= 60, `retry after ${refused.retryAfterSec} s`);
        assert.equal((await a.consume('k')).allowed, false, 'refused on the other node too');
        assert.equal((await a.peek('k')).allowed, false);
        assert.equal((await a.consume('other')).allowed, true, 'another key');
        assert.equal((await last.limits.rate('contract.other', 3, 60).consume('k')).allowed, true, 'another limit');
        const cost = first.limits.rate('contract.cost', 10, 60);
        assert.equal((await cost.consume('k', 7)).allowed, true);
        assert.equal((await last.limits.rate('contract.cost', 10, 60).consume('k', 4)).allowed, false, 'a cost past the points');
      });

      it('count volumes after the fact: peek takes nothing, add never refuses', async () => {
        const a = first.limits.rate('contract.volume', 100, 86_400);
        const b = last.limits.rate('contract.volume', 100, 86_400);
        assert.deepEqual(await a.peek('k'), { allowed: true, retryAfterSec: 0 }, 'nothing counted yet');
        await a.add('k', 60);
        assert.equal((await b.peek('k')).allowed, true, '60 of 100');
        assert.equal((await b.peek('k')).allowed, true, 'peeking took nothing');
        await b.add('k', 50);
        const full = await a.peek('k');
        assert.equal(full.allowed, false, '110 of 100');
        assert.ok(full.retryAfterSec > 86_000 && full.retryAfterSec <= 86_400, `retry after ${full.retryAfterSec} s`);
        assert.equal((await b.peek('k2')).allowed, true, 'another key');
      });
    });
  });
}
